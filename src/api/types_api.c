/*
 * types_api.c -- the public type functions: parsing type strings, printing
 * types, and user types backed by C structs (STRUCTURED) or opaque values
 * (RAW).
 */
#include "api/api.h"

const eddy_type *eddy_type_parse(eddy_env *env, const char *type_string) {
    if (!env_ok(env)) return NULL;
    return ety(eddy__api_type(env, type_string));
}

/* Printed forms are cached per type pointer in a small table owned by the
 * process; types are immutable, so the text never changes. */
const char *eddy_type_string(const eddy_type *type) {
    if (!type) return NULL;
    static _Thread_local struct {
        const eddy_type *t;
        char *s;
    } cache[64];
    static _Thread_local int next;
    for (int i = 0; i < 64; i++)
        if (cache[i].t == type) return cache[i].s;
    Buf b;
    eddy__buf_init(&b);
    eddy__type_print(&b, ty(type));
    int k = next++ % 64;
    eddy__free(cache[k].s);
    cache[k].t = type;
    cache[k].s = eddy__buf_take(&b);
    return cache[k].s;
}

const eddy_type *eddy_type_struct(eddy_env *env, const char *name, size_t size, const eddy_field *fields,
                                  size_t n_fields) {
    if (!env_ok(env)) return NULL;
    if (!fields && n_fields) return eddy__api_err(env, EDDY_E_MISUSE, "type_struct: fields is NULL."), NULL;
    EdErr err = {0};
    const Type *t;
    if (eddy__struct_type(&env->arena, name, size, fields, n_fields, &t, &err)) return eddy__api_take(env, &err), NULL;
    return ety(t);
}

/* The RAW type of eddy_type_raw; the caller adopts ops->ctx. */
static const eddy_type *raw_type(eddy_env *env, const char *name, const eddy_raw_ops *ops) {
    if (!env_ok(env)) return NULL;
    if (!name || !*name || !ops) return eddy__api_err(env, EDDY_E_MISUSE, "type_raw: name and ops are required."), NULL;
    if (ops->abi_version != EDDY_RAW_OPS_VERSION)
        return eddy__api_err(env, EDDY_E_MISUSE, "type_raw: unknown abi_version %u.", ops->abi_version), NULL;
    if (ops->size == 0) return eddy__api_err(env, EDDY_E_MISUSE, "type_raw: size must be positive."), NULL;
    RawOps *r = eddy__arena_alloc(&env->arena, sizeof *r);
    Type *t = eddy__type_new(&env->arena, TY_RAW, true);
    if (!r || !t) return eddy__api_nomem(env);
    r->size = ops->size;
    r->copy = ops->copy;
    r->free = ops->free;
    r->to_string = ops->to_string;
    r->ctx = ops->ctx;
    t->raw = r;
    t->class_name = eddy__arena_strdup(&env->arena, name);
    t->c_size = ops->size;
    if (!t->class_name) return eddy__api_nomem(env);
    return ety(t);
}

const eddy_type *eddy_type_raw(eddy_env *env, const char *name, const eddy_raw_ops *ops) {
    const eddy_type *t = raw_type(env, name, ops);
    /* ops eddy cannot read (NULL, another abi_version) have no ctx_free it knows of */
    if (!ops || ops->abi_version != EDDY_RAW_OPS_VERSION) return t;
    return eddy__api_adopt_ctx(env, t != NULL, ops->ctx_free, ops->ctx) ? t : NULL;
}
