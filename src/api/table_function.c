/*
 * table_function.c -- C table functions (eddy_tenv_create_table_function,
 * Flink's createTemporarySystemFunction with a TableFunction): the
 * registry of a tenv, and the lookup the binder asks when a FROM clause
 * calls TABLE(f(..)). A function's rows are ROW<..> (one column per field)
 * or any other type (one column f0).
 */
#include "api/api.h"

const TableFunc *eddy__api_table_function_lookup(void *ctx, const char *name) {
    eddy_tenv *tenv = ctx;
    for (size_t i = 0; i < tenv->table_functions.len; i++)
        if (eddy__str_ieq(tenv->table_functions.items[i]->name, name)) return tenv->table_functions.items[i];
    return NULL;
}

bool eddy__api_drop_table_function(eddy_tenv *tenv, const char *name) {
    for (size_t i = 0; i < tenv->table_functions.len; i++)
        if (eddy__str_ieq(tenv->table_functions.items[i]->name, name)) {
            memmove(&tenv->table_functions.items[i], &tenv->table_functions.items[i + 1],
                    sizeof(TableFunc *) * (tenv->table_functions.len - i - 1));
            tenv->table_functions.len--;
            return true;
        }
    return false;
}

/* The output columns of result type t. */
static bool result_columns(Arena *a, TableFunc *tf, const Type *t) {
    if (t->root == TY_ROW) {
        tf->ncols = t->nfields;
        tf->names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(t->nfields + 1));
        tf->types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(t->nfields + 1));
        if (!tf->names || !tf->types) return false;
        for (int i = 0; i < t->nfields; i++) {
            tf->names[i] = t->fields[i].name;
            tf->types[i] = t->fields[i].type;
        }
        tf->row = t;
        return true;
    }
    tf->ncols = 1;
    tf->names = eddy__arena_alloc(a, sizeof(char *));
    tf->types = eddy__arena_alloc(a, sizeof(Type *));
    if (!tf->names || !tf->types) return false;
    tf->names[0] = "f0";
    tf->types[0] = t;
    tf->row = eddy__type_row(a, 1, tf->names, tf->types, false);
    return tf->row != NULL;
}

/* The registration of eddy_tenv_create_table_function, published in
 * tenv->table_functions last; the caller adopts f's ctx. */
static eddy_status create_table_function(eddy_tenv *tenv, const char *name, const eddy_table_function *f) {
    if (!tenv) return EDDY_E_MISUSE;
    eddy_env *env = tenv->env;
    if (env->err.code) return env->err.code;
    if (!f || f->abi_version != EDDY_TABLE_FUNCTION_VERSION)
        return eddy__api_err(env, EDDY_E_MISUSE,
                             "create_table_function: the function description is NULL or of another abi_version.");
    if (!name || !*name) return eddy__api_err(env, EDDY_E_MISUSE, "create_table_function: the name is required.");
    if (!f->eval) return eddy__api_err(env, EDDY_E_MISUSE, "create_table_function: eval is NULL.");
    if (!f->result_type) return eddy__api_err(env, EDDY_E_MISUSE, "create_table_function: result_type is NULL.");
    if (eddy__api_table_function_lookup(tenv, name) || eddy__api_function_lookup(tenv, name, 0))
        return eddy__api_err(env, EDDY_E_VALIDATION,
                             "Could not register temporary system function. A function named '%s' does already exist.",
                             name);
    Arena *a = &env->arena;
    TableFunc *tf = eddy__arena_alloc(a, sizeof *tf);
    if (!tf) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    memset(tf, 0, sizeof *tf);
    int nparams;
    const Type **params;
    eddy_status rc = eddy__api_parse_type_list(env, f->arg_types, &nparams, &params);
    if (rc) return rc;
    const Type *result = eddy__api_type(env, f->result_type);
    if (!result) return env->err.code;
    tf->name = eddy__arena_strdup(a, name);
    const char **pnames = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nparams + 1));
    if (!tf->name || !pnames || !result_columns(a, tf, result)) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    for (int i = 0; i < nparams; i++)
        if (!(pnames[i] = eddy__arena_printf(a, "arg%d", i))) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    tf->args_row = eddy__type_row(a, nparams, pnames, params, false);
    /* the scalar-function machinery checks and casts the arguments */
    tf->check = eddy__fn_user_new(a, name, nparams, params, tf->row, NULL, NULL, false);
    tf->eval = f->eval;
    tf->ctx = f->ctx;
    if (!tf->args_row || !tf->check || !ed_vec_push(&tenv->table_functions, tf))
        return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

eddy_status eddy_tenv_create_table_function(eddy_tenv *tenv, const char *name, const eddy_table_function *f) {
    eddy_status rc = create_table_function(tenv, name, f);
    /* a description eddy cannot read (NULL, another abi_version) has no ctx_free it knows of */
    if (!f || f->abi_version != EDDY_TABLE_FUNCTION_VERSION) return rc;
    if (!eddy__api_adopt_ctx(tenv ? tenv->env : NULL, rc == EDDY_OK, f->ctx_free, f->ctx) && rc == EDDY_OK) {
        tenv->table_functions.len--;
        rc = tenv->env->err.code;
    }
    return rc;
}

/* Table.createTemporalTableFunction(timeAttribute, primaryKey) registered
 * as createTemporarySystemFunction(name, ...) does. */
eddy_status eddy_tenv_create_temporal_table_function(eddy_tenv *tenv, const char *name, eddy_table *history,
                                                     const char *time_attribute, const char *primary_key) {
    if (!tenv) return EDDY_E_MISUSE;
    eddy_env *env = tenv->env;
    if (env->err.code) return env->err.code;
    if (!name || !*name || !history || !time_attribute || !primary_key)
        return eddy__api_err(env, EDDY_E_MISUSE,
                             "create_temporal_table_function: the name, table, time attribute and primary key are "
                             "required.");
    if (history->tenv != tenv)
        return eddy__api_err(env, EDDY_E_MISUSE,
                             "create_temporal_table_function: the table belongs to another table environment.");
    if (eddy__api_table_function_lookup(tenv, name) || eddy__api_function_lookup(tenv, name, 0))
        return eddy__api_err(env, EDDY_E_VALIDATION,
                             "Could not register temporary system function. A function named '%s' does already exist.",
                             name);
    const Rel *h = history->rel;
    int cols[2] = {-1, -1};
    const char *want[2] = {time_attribute, primary_key};
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < h->ncols && cols[k] < 0; i++)
            if (!strcmp(h->names[i], want[k])) cols[k] = i;
        if (cols[k] < 0) {
            Buf b;
            eddy__buf_init(&b);
            for (int i = 0; i < h->ncols; i++) eddy__buf_printf(&b, "%s%s", i ? ", " : "", h->names[i]);
            eddy__api_err(env, EDDY_E_VALIDATION, "Cannot resolve field [%s], input field list:[%s].", want[k],
                          eddy__buf_cstr(&b));
            eddy__buf_free(&b);
            return env->err.code;
        }
    }
    if (!h->types[cols[0]]->timeattr)
        return eddy__api_err(env, EDDY_E_VALIDATION,
                             "Non rowtime timeAttribute [%s] used to create TemporalTableFunction", time_attribute);
    Arena *a = &env->arena;
    TableFunc *tf = eddy__arena_alloc(a, sizeof *tf);
    if (!tf) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    memset(tf, 0, sizeof *tf);
    tf->name = eddy__arena_strdup(a, name);
    tf->ncols = h->ncols;
    tf->names = h->names;
    tf->types = h->types;
    tf->temporal = history->rel;
    tf->temporal_time = cols[0];
    tf->temporal_key = cols[1];
    if (!tf->name || !ed_vec_push(&tenv->table_functions, tf)) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}
