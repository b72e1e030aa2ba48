/*
 * udf.c -- C scalar and aggregate functions: createTemporarySystemFunction
 * (eddy_tenv_create_function, eddy_tenv_create_aggregate_function),
 * implementations that SQL's CREATE FUNCTION refers to
 * (eddy_tenv_register_function_impl and its aggregate sibling, one name
 * space), the aggregate callbacks' eddy_agg_error, CREATE / DROP / ALTER
 * FUNCTION, and the lookup the binder asks: temporary system functions
 * before the built-ins, temporary catalog functions and catalog functions
 * after them, as Flink resolves function names.
 */
#include <ctype.h>

#include "api/sql_int.h"
#include "expr/agg.h"

typedef enum UfKind { UF_SYSTEM, UF_TEMPORARY, UF_CATALOG, UF_IMPL } UfKind;

struct UserFunction {
    UfKind kind;
    const char *name;  /* lower case; UF_IMPL: the implementation name as given */
    const char *path;  /* catalog functions: cat.db.name (name in lower case) */
    const eddy_scalar_function *spec; /* copied; NULL for an aggregate function */
    const eddy_aggregate_function *agg; /* copied; NULL for a scalar function */
    int nparams;
    const Type **params;
    const Type *result;
    const FuncDef *def; /* NULL for UF_IMPL */
    const char *impl;     /* catalog functions: the implementation named by CREATE FUNCTION .. AS */
    const char *language; /* catalog functions: LANGUAGE as written, NULL: none (Flink's JAVA) */
};

static char *lower(Arena *a, const char *s) {
    char *l = eddy__arena_strdup(a, s);
    for (char *p = l; p && *p; p++) *p = (char)tolower((unsigned char)*p);
    return l;
}

eddy_status eddy__api_parse_type_list(eddy_env *env, const char *list, int *n, const Type ***out) {
    ED_VEC(const Type *) types = {0};
    const char *p = list ? list : "";
    while (*p == ' ') p++;
    while (*p) {
        int depth = 0;
        const char *start = p;
        for (; *p && (depth > 0 || *p != ','); p++) {
            if (*p == '<' || *p == '(') depth++;
            else if (*p == '>' || *p == ')') depth--;
        }
        char *one = eddy__arena_strndup(&env->arena, start, (size_t)(p - start));
        const Type *t = one ? eddy__api_type(env, one) : NULL;
        if (!t || !ed_vec_push(&types, t)) {
            ed_vec_free(&types);
            return env->err.code ? env->err.code : eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
        }
        if (*p == ',') p++;
        while (*p == ' ') p++;
    }
    const Type **arr = eddy__arena_alloc(&env->arena, sizeof(Type *) * (types.len + 1));
    if (!arr) {
        ed_vec_free(&types);
        return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    }
    if (types.len) memcpy(arr, types.items, sizeof(Type *) * types.len);
    *n = (int)types.len;
    *out = arr;
    ed_vec_free(&types);
    return EDDY_OK;
}

/* Checks and copies a user's function description into a new entry. */
static UserFunction *new_entry(eddy_tenv *tenv, const eddy_scalar_function *f, const char *what) {
    eddy_env *env = tenv->env;
    if (!f || f->abi_version != EDDY_SCALAR_FUNCTION_VERSION)
        return eddy__api_err(env, EDDY_E_MISUSE, "%s: the function description is NULL or of another abi_version.", what),
               NULL;
    if (!f->eval) return eddy__api_err(env, EDDY_E_MISUSE, "%s: eval is NULL.", what), NULL;
    if (!f->result_type) return eddy__api_err(env, EDDY_E_MISUSE, "%s: result_type is NULL.", what), NULL;
    UserFunction *u = eddy__arena_alloc(&env->arena, sizeof *u);
    eddy_scalar_function *spec = eddy__arena_dup(&env->arena, f, sizeof *f);
    if (!u || !spec) return eddy__api_nomem(env);
    u->spec = spec;
    if (eddy__api_parse_type_list(env, f->arg_types, &u->nparams, &u->params)) return NULL;
    u->result = eddy__api_type(env, f->result_type);
    if (!u->result) return NULL;
    return u;
}

/* Checks and copies a user's aggregate function description into a new
 * entry (its ctx is adopted by the caller, adopt_aggregate). */
static UserFunction *new_agg_entry(eddy_tenv *tenv, const eddy_aggregate_function *f, const char *what) {
    eddy_env *env = tenv->env;
    if (!f || f->abi_version != EDDY_AGGREGATE_FUNCTION_VERSION)
        return eddy__api_err(env, EDDY_E_MISUSE, "%s: the function description is NULL or of another abi_version.", what),
               NULL;
    if (!f->accumulate) return eddy__api_err(env, EDDY_E_MISUSE, "%s: accumulate is NULL.", what), NULL;
    if (!f->get_value) return eddy__api_err(env, EDDY_E_MISUSE, "%s: get_value is NULL.", what), NULL;
    if (!f->result_type) return eddy__api_err(env, EDDY_E_MISUSE, "%s: result_type is NULL.", what), NULL;
    if (f->acc_size > (1u << 20))
        return eddy__api_err(env, EDDY_E_MISUSE, "%s: acc_size %zu is over the limit of 1048576 bytes.", what,
                             f->acc_size),
               NULL;
    if (!f->acc_size && (!f->create || !f->destroy))
        return eddy__api_err(env, EDDY_E_MISUSE, "%s: acc_size is 0 and create or destroy is NULL.", what), NULL;
    UserFunction *u = eddy__arena_alloc(&env->arena, sizeof *u);
    eddy_aggregate_function *agg = eddy__arena_dup(&env->arena, f, sizeof *f);
    if (!u || !agg) return eddy__api_nomem(env);
    u->agg = agg;
    if (eddy__api_parse_type_list(env, f->arg_types, &u->nparams, &u->params)) return NULL;
    u->result = eddy__api_type(env, f->result_type);
    if (!u->result) return NULL;
    return u;
}

/* The FuncDef that runs entry u's implementation under `name`. */
static bool make_def(eddy_tenv *tenv, UserFunction *u, const char *name) {
    if (u->agg)
        u->def = eddy__agg_user_def(&tenv->env->arena, name, u->nparams, u->params, u->result, u->agg);
    else
        u->def = eddy__fn_user_new(&tenv->env->arena, name, u->nparams, u->params, u->result, u->spec->eval,
                                   u->spec->ctx, u->spec->nondeterministic);
    if (!u->def) eddy__api_nomem(tenv->env);
    return u->def != NULL;
}

static UserFunction *find(eddy_tenv *tenv, UfKind kind, const char *key) {
    for (size_t i = 0; i < tenv->functions.len; i++) {
        UserFunction *u = tenv->functions.items[i];
        if (u->kind != kind) continue;
        const char *k = kind == UF_SYSTEM || kind == UF_IMPL ? u->name : u->path;
        if (kind == UF_IMPL ? !strcmp(k, key) : eddy__str_ieq(k, key)) return u;
    }
    return NULL;
}

static void remove_entry(eddy_tenv *tenv, UserFunction *u) {
    for (size_t i = 0; i < tenv->functions.len; i++)
        if (tenv->functions.items[i] == u) {
            memmove(&tenv->functions.items[i], &tenv->functions.items[i + 1],
                    sizeof(UserFunction *) * (tenv->functions.len - i - 1));
            tenv->functions.len--;
            return;
        }
}

static eddy_status add_entry(eddy_tenv *tenv, UserFunction *u) {
    if (!ed_vec_push(&tenv->functions, u)) return eddy__api_err(tenv->env, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

/* Ends a registration (status rc) with the ctx its description carries:
 * adopts it, or on failure runs its ctx_free -- the rule at the top of
 * eddy.h. A description eddy cannot read (NULL, or of another abi_version)
 * has no ctx it knows of. An entry published but not adopted is taken back
 * (add_entry published it last). */
static eddy_status adopt(eddy_tenv *tenv, eddy_status rc, bool readable, void (*ctx_free)(void *), void *ctx) {
    if (!readable) return rc;
    if (!eddy__api_adopt_ctx(tenv ? tenv->env : NULL, rc == EDDY_OK, ctx_free, ctx) && rc == EDDY_OK) {
        tenv->functions.len--;
        rc = tenv->env->err.code;
    }
    return rc;
}

static eddy_status adopt_scalar(eddy_tenv *tenv, eddy_status rc, const eddy_scalar_function *f) {
    bool readable = f && f->abi_version == EDDY_SCALAR_FUNCTION_VERSION;
    return adopt(tenv, rc, readable, readable ? f->ctx_free : NULL, readable ? f->ctx : NULL);
}

static eddy_status adopt_aggregate(eddy_tenv *tenv, eddy_status rc, const eddy_aggregate_function *f) {
    bool readable = f && f->abi_version == EDDY_AGGREGATE_FUNCTION_VERSION;
    return adopt(tenv, rc, readable, readable ? f->ctx_free : NULL, readable ? f->ctx : NULL);
}

/* Registers entry u as the temporary system function `name`. */
static eddy_status add_system(eddy_tenv *tenv, UserFunction *u, const char *name) {
    eddy_env *env = tenv->env;
    if (find(tenv, UF_SYSTEM, name) || eddy__api_table_function_lookup(tenv, name))
        return eddy__api_err(env, EDDY_E_VALIDATION,
                             "Could not register temporary system function. A function named '%s' does already exist.",
                             name);
    u->kind = UF_SYSTEM;
    u->name = lower(&env->arena, name);
    if (!u->name) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    if (!make_def(tenv, u, u->name)) return env->err.code;
    return add_entry(tenv, u);
}

/* Registers entry u as the implementation `impl_name` of CREATE FUNCTION. */
static eddy_status add_impl(eddy_tenv *tenv, UserFunction *u, const char *impl_name) {
    eddy_env *env = tenv->env;
    if (find(tenv, UF_IMPL, impl_name))
        return eddy__api_err(env, EDDY_E_VALIDATION, "A function implementation named '%s' is already registered.",
                             impl_name);
    u->kind = UF_IMPL;
    u->name = eddy__arena_strdup(&env->arena, impl_name);
    if (!u->name) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    return add_entry(tenv, u);
}

/* The checks every registration starts with: a usable tenv and a name. */
static eddy_status usable(eddy_tenv *tenv, const char *name, const char *what) {
    if (!tenv) return EDDY_E_MISUSE;
    if (tenv->env->err.code) return tenv->env->err.code;
    if (!name || !*name)
        return eddy__api_err(tenv->env, EDDY_E_MISUSE, "%s: the %sname is required.", what,
                             strstr(what, "impl") ? "implementation " : "");
    return EDDY_OK;
}

static eddy_status create_scalar(eddy_tenv *tenv, const char *name, const eddy_scalar_function *f) {
    eddy_status rc = usable(tenv, name, "create_function");
    if (rc) return rc;
    UserFunction *u = new_entry(tenv, f, "create_function");
    return u ? add_system(tenv, u, name) : tenv->env->err.code;
}

eddy_status eddy_tenv_create_function(eddy_tenv *tenv, const char *name, const eddy_scalar_function *f) {
    return adopt_scalar(tenv, create_scalar(tenv, name, f), f);
}

static eddy_status register_function_impl(eddy_tenv *tenv, const char *impl_name, const eddy_scalar_function *f) {
    eddy_status rc = usable(tenv, impl_name, "register_function_impl");
    if (rc) return rc;
    UserFunction *u = new_entry(tenv, f, "register_function_impl");
    return u ? add_impl(tenv, u, impl_name) : tenv->env->err.code;
}

eddy_status eddy_tenv_register_function_impl(eddy_tenv *tenv, const char *impl_name, const eddy_scalar_function *f) {
    return adopt_scalar(tenv, register_function_impl(tenv, impl_name, f), f);
}

static eddy_status create_aggregate_function(eddy_tenv *tenv, const char *name, const eddy_aggregate_function *f) {
    eddy_status rc = usable(tenv, name, "create_aggregate_function");
    if (rc) return rc;
    UserFunction *u = new_agg_entry(tenv, f, "create_aggregate_function");
    return u ? add_system(tenv, u, name) : tenv->env->err.code;
}

eddy_status eddy_tenv_create_aggregate_function(eddy_tenv *tenv, const char *name, const eddy_aggregate_function *f) {
    return adopt_aggregate(tenv, create_aggregate_function(tenv, name, f), f);
}

static eddy_status register_aggregate_impl(eddy_tenv *tenv, const char *impl_name, const eddy_aggregate_function *f) {
    eddy_status rc = usable(tenv, impl_name, "register_aggregate_function_impl");
    if (rc) return rc;
    UserFunction *u = new_agg_entry(tenv, f, "register_aggregate_function_impl");
    return u ? add_impl(tenv, u, impl_name) : tenv->env->err.code;
}

eddy_status eddy_tenv_register_aggregate_function_impl(eddy_tenv *tenv, const char *impl_name,
                                                       const eddy_aggregate_function *f) {
    return adopt_aggregate(tenv, register_aggregate_impl(tenv, impl_name, f), f);
}

eddy_status eddy_agg_error(eddy_agg_call *call, const char *fmt, ...) {
    if (!call || !call->err || !fmt) return EDDY_E_UDF;
    va_list ap;
    va_start(ap, fmt);
    eddy__verr(call->err, EDDY_E_UDF, fmt, ap);
    va_end(ap);
    return EDDY_E_UDF;
}

bool eddy_tenv_drop_function(eddy_tenv *tenv, const char *name) {
    if (!tenv || !name) return false;
    UserFunction *u = find(tenv, UF_SYSTEM, name);
    if (!u) return eddy__api_drop_table_function(tenv, name);
    remove_entry(tenv, u);
    return true;
}

/* ---- what the binder asks ----------------------------------------------------------------------- */

const FuncDef *eddy__api_function_lookup(void *ctx, const char *name, int pass) {
    eddy_tenv *tenv = ctx;
    if (pass == 0) {
        UserFunction *u = find(tenv, UF_SYSTEM, name);
        return u ? u->def : NULL;
    }
    char path[1024];
    int n = snprintf(path, sizeof path, "%s.%s.%s", tenv->catalog.cur_catalog, tenv->catalog.cur_database, name);
    if (n < 0 || (size_t)n >= sizeof path) return NULL;
    UserFunction *u = find(tenv, UF_TEMPORARY, path);
    if (!u) u = find(tenv, UF_CATALOG, path);
    return u ? u->def : NULL;
}

const char **eddy__api_user_function_names(eddy_tenv *tenv, int *n) {
    size_t cap = tenv->functions.len + tenv->table_functions.len + 1;
    const char **out = eddy__arena_alloc(tenv->env->sa, sizeof(char *) * cap);
    int k = 0;
    char prefix[512];
    int pl = snprintf(prefix, sizeof prefix, "%s.%s.", tenv->catalog.cur_catalog, tenv->catalog.cur_database);
    for (size_t i = 0; out && i < tenv->functions.len; i++) {
        const UserFunction *u = tenv->functions.items[i];
        if (u->kind == UF_SYSTEM || (u->kind != UF_IMPL && pl > 0 && !strncmp(u->path, prefix, (size_t)pl)))
            out[k++] = u->name;
    }
    for (size_t i = 0; out && i < tenv->table_functions.len; i++) out[k++] = tenv->table_functions.items[i]->name;
    *n = k;
    return out;
}

/* ---- CREATE / DROP / ALTER FUNCTION --------------------------------------------------------------- */

/* The function's qualified path with its name in lower case. */
static const char *function_path(SqlExec *x, const AstName *n) {
    const char *q = eddy__sqlx_qualify(x, n);
    if (!q) return NULL;
    const char *dot = strrchr(q, '.');
    size_t head = dot ? (size_t)(dot - q + 1) : 0;
    return eddy__arena_printf(x->a, "%.*s%s", (int)head, q, lower(x->a, n->parts[n->nparts - 1]));
}

static eddy_result *create_function(SqlExec *x, const AstStmt *st) {
    eddy_tenv *tenv = x->tenv;
    eddy_env *env = x->env;
    const char *lang = st->u.function.language;
    if ((lang && strcmp(lang, "C")) || st->u.function.njars)
        return eddy__api_err(env, EDDY_E_UNSUPPORTED,
                             "not supported yet: functions in LANGUAGE %s (eddy runs C functions registered with "
                             "eddy_tenv_register_function_impl)",
                             lang ? lang : "JAVA with jars"),
               NULL;
    const char *impl = st->u.function.class_name;
    UserFunction *im = find(tenv, UF_IMPL, impl);
    if (!im)
        return eddy__api_err(env, EDDY_E_VALIDATION,
                             "Function implementation '%s' is not registered: register it with "
                             "eddy_tenv_register_function_impl before CREATE FUNCTION.",
                             impl),
               NULL;
    const AstName *name = &st->u.function.name;
    bool alter = st->kind == AST_STMT_ALTER_FUNCTION;
    UserFunction *u = eddy__arena_alloc(x->a, sizeof *u);
    if (!u) return eddy__api_nomem(x->env);
    *u = *im;
    u->def = NULL;
    u->impl = impl;
    u->language = lang;
    const char *fname = lower(x->a, name->parts[name->nparts - 1]);
    if (!fname) return eddy__api_nomem(x->env);
    if (st->u.function.temporary && st->u.function.system) {
        if (name->nparts > 1)
            return eddy__api_err(env, EDDY_E_VALIDATION, "Temporary system functions cannot have a catalog path."), NULL;
        u->kind = UF_SYSTEM;
        u->name = fname;
        if (find(tenv, UF_SYSTEM, fname)) {
            if (st->u.function.if_not_exists) return eddy__sqlx_ok(x, EDDY_STMT_DDL);
            return eddy__api_err(env, EDDY_E_VALIDATION,
                                 "Could not register temporary system function. A function named '%s' does already "
                                 "exist.",
                                 fname),
                   NULL;
        }
    } else {
        u->kind = st->u.function.temporary ? UF_TEMPORARY : UF_CATALOG;
        u->name = fname;
        u->path = function_path(x, name);
        if (!u->path) return NULL;
        UserFunction *old = find(tenv, u->kind, u->path);
        const char *dot1 = strchr(u->path, '.');
        if (alter) {
            if (!old) {
                if (st->u.function.if_exists) return eddy__sqlx_ok(x, EDDY_STMT_DDL);
                return eddy__api_err(env, EDDY_E_VALIDATION, "Function %s does not exist in Catalog %.*s.", dot1 + 1,
                                     (int)(dot1 - u->path), u->path),
                       NULL;
            }
            remove_entry(tenv, old);
        } else if (old) {
            if (st->u.function.if_not_exists) return eddy__sqlx_ok(x, EDDY_STMT_DDL);
            if (u->kind == UF_TEMPORARY)
                return eddy__api_err(env, EDDY_E_VALIDATION, "Temporary catalog function %s is already defined",
                                     eddy__path_quoted(x->a, u->path)),
                       NULL;
            return eddy__api_err(env, EDDY_E_VALIDATION, "Function %s already exists in Catalog %.*s.", dot1 + 1,
                                 (int)(dot1 - u->path), u->path),
                   NULL;
        }
    }
    if (!make_def(tenv, u, fname) || add_entry(tenv, u)) return NULL;
    return eddy__sqlx_ok(x, EDDY_STMT_DDL);
}

static eddy_result *drop_function(SqlExec *x, const AstStmt *st) {
    eddy_tenv *tenv = x->tenv;
    const AstName *name = &st->u.drop.name;
    UserFunction *u;
    if (st->u.drop.temporary && st->u.drop.system) {
        u = find(tenv, UF_SYSTEM, name->parts[name->nparts - 1]);
        if (!u && !st->u.drop.if_exists)
            return eddy__api_err(x->env, EDDY_E_VALIDATION, "Temporary system function %s doesn't exist",
                                 name->parts[name->nparts - 1]),
                   NULL;
    } else {
        const char *path = function_path(x, name);
        if (!path) return NULL;
        u = find(tenv, st->u.drop.temporary ? UF_TEMPORARY : UF_CATALOG, path);
        if (!u && !st->u.drop.if_exists) {
            if (st->u.drop.temporary)
                return eddy__api_err(x->env, EDDY_E_VALIDATION, "Temporary catalog function %s doesn't exist",
                                     eddy__path_quoted(x->a, path)),
                       NULL;
            const char *dot1 = strchr(path, '.');
            return eddy__api_err(x->env, EDDY_E_VALIDATION, "Function %s does not exist in Catalog %.*s.", dot1 + 1,
                                 (int)(dot1 - path), path),
                   NULL;
        }
    }
    if (u) remove_entry(tenv, u);
    return eddy__sqlx_ok(x, EDDY_STMT_DDL);
}

eddy_result *eddy__sqlx_function(SqlExec *x, const AstStmt *st) {
    if (st->kind == AST_STMT_DROP_FUNCTION) return drop_function(x, st);
    return create_function(x, st);
}

/* ---- DESCRIBE FUNCTION ----------------------------------------------------------------------------- */

/* Flink's signatures of the built-in aggregate functions (their input type
 * strategies: a logical type family, ANY, COMPARABLE, or none: "*"). */
static const char *agg_signature(const char *upper) {
    static const struct {
        const char *name, *args;
    } sigs[] = {
        {"AVG", "<NUMERIC>"},       {"SUM", "<NUMERIC>"},        {"SUM0", "<NUMERIC>"},
        {"STDDEV_POP", "<NUMERIC>"}, {"STDDEV_SAMP", "<NUMERIC>"}, {"VAR_POP", "<NUMERIC>"},
        {"VAR_SAMP", "<NUMERIC>"},  {"COUNT", "<ANY>"},          {"MIN", "<COMPARABLE>..."},
        {"MAX", "<COMPARABLE>..."}, {"LISTAGG", "<ANY>, <CHARACTER_STRING>"},
    };
    for (size_t i = 0; i < ED_ARRAY_LEN(sigs); i++)
        if (!strcmp(sigs[i].name, upper)) return sigs[i].args;
    return "*";
}

static const char *upper_name(Arena *a, const char *s) {
    char *u = eddy__arena_strdup(a, s);
    for (char *p = u; p && *p; p++) *p = (char)toupper((unsigned char)*p);
    return u ? u : "";
}

/* name(T1, T2): the signature of a function with declared parameter types. */
static const char *typed_signature(Arena *a, const char *name, const Type *const *params, int n) {
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_printf(&b, "%s(", name);
    for (int i = 0; i < n; i++) eddy__buf_printf(&b, "%s%s", i ? ", " : "", eddy__type_str(a, params[i]));
    eddy__buf_putc(&b, ')');
    const char *out = eddy__arena_strdup(a, eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return out;
}

/* DESCRIBE FUNCTION [EXTENDED] name, resolved as Flink resolves a call:
 * a temporary system function, a built-in, then a temporary catalog
 * function and a catalog function of the current (or named) database. */
eddy_result *eddy__sqlx_describe_function(SqlExec *x, const AstStmt *st) {
    eddy_tenv *tenv = x->tenv;
    const AstName *name = &st->u.describe.name;
    const char *last = name->parts[name->nparts - 1];
    const UserFunction *u = NULL;
    const FuncDef *builtin = NULL;
    const TableFunc *tf = NULL;
    bool builtin_agg = false;
    if (name->nparts == 1) {
        u = find(tenv, UF_SYSTEM, last);
        if (!u) tf = eddy__api_table_function_lookup(tenv, last);
        if (!u && !tf) {
            builtin = eddy__fn_lookup(last);
            if (builtin && (builtin->flags & FN_USER)) builtin = NULL;
            builtin_agg = !builtin && eddy__agg_is_builtin(last) && last[0] != '$';
        }
    }
    if (!u && !tf && !builtin && !builtin_agg) {
        const char *path = function_path(x, name);
        if (!path) return NULL;
        u = find(tenv, UF_TEMPORARY, path);
        if (!u) u = find(tenv, UF_CATALOG, path);
    }
    if (!u && !tf && !builtin && !builtin_agg) {
        Buf b;
        eddy__buf_init(&b);
        for (int i = 0; i < name->nparts; i++) eddy__buf_printf(&b, "%s%s", i ? "." : "", name->parts[i]);
        eddy__api_err(x->env, EDDY_E_VALIDATION, "Function with the identifier '%s' doesn't exist.", eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        return NULL;
    }
    bool catalog_fn = u && u->kind != UF_SYSTEM;
    const char *cells[2 * 10];
    int n = 0;
    cells[n++] = "is system function", cells[n++] = catalog_fn ? "false" : "true";
    cells[n++] = "is temporary";
    cells[n++] = (u && u->kind != UF_CATALOG) || tf ? "true" : "false";
    if (catalog_fn) {
        cells[n++] = "class name", cells[n++] = u->impl ? u->impl : "";
        cells[n++] = "function language", cells[n++] = u->language ? u->language : "JAVA";
        cells[n++] = "resource uris", cells[n++] = "[]";
    }
    if (st->u.describe.extended) {
        bool agg = builtin_agg || (u && u->agg);
        bool nondet = (builtin && (builtin->flags & FN_NONDETERMINISTIC)) || (u && u->spec && u->spec->nondeterministic);
        const char *sig;
        if (u) sig = typed_signature(x->a, last, u->params, u->nparams);
        else if (tf) {
            const Type *r = tf->args_row;
            const Type **params = eddy__arena_alloc(x->a, sizeof(Type *) * (size_t)(r->nfields + 1));
            if (!params) return eddy__api_nomem(x->env);
            for (int i = 0; i < r->nfields; i++) params[i] = r->fields[i].type;
            sig = typed_signature(x->a, last, params, r->nfields);
        }
        else if (builtin && builtin->signature) sig = builtin->signature;
        else sig = eddy__arena_printf(x->a, "%s(%s)", last, builtin_agg ? agg_signature(upper_name(x->a, last)) : "*");
        if (!sig) return eddy__api_nomem(x->env);
        cells[n++] = "kind", cells[n++] = tf ? "TABLE" : agg ? "AGGREGATE" : "SCALAR";
        cells[n++] = "requirements", cells[n++] = "[]";
        cells[n++] = "is deterministic", cells[n++] = nondet ? "false" : "true";
        cells[n++] = "supports constant folding", cells[n++] = "true";
        cells[n++] = "signature", cells[n++] = sig;
    }
    return eddy__sqlx_info_table(x, cells, n / 2);
}
