/*
 * schema_api.c -- the Schema builder (Schema.newBuilder()): each call
 * appends a part; an invalid part (a bad type string) is remembered and
 * reported when the schema is used, so builder calls can be chained.
 */
#include <stdarg.h>

#include "api/api.h"

static void schema_release(void *p) {
    eddy_schema *s = p;
    ed_vec_free(&s->parts);
    eddy__err_clear(&s->err);
}

eddy_schema *eddy_schema_new(eddy_env *env) {
    if (!env_ok(env)) return NULL;
    eddy_schema *s = eddy__arena_alloc(&env->arena, sizeof *s);
    if (!s) return eddy__api_nomem(env);
    s->env = env;
    if (!eddy__arena_on_cleanup(&env->arena, schema_release, s)) return eddy__api_nomem(env);
    return s;
}

static eddy_schema *add(eddy_schema *s, SpecPart p) {
    if (!s) return NULL;
    if (!s->err.code && !ed_vec_push(&s->parts, p)) eddy__err(&s->err, EDDY_E_NOMEM, "out of memory");
    return s;
}

static const char *dup(eddy_schema *s, const char *x) {
    if (!x) return NULL;
    const char *d = eddy__arena_strdup(&s->env->arena, x);
    if (!d) eddy__err(&s->err, EDDY_E_NOMEM, "out of memory");
    return d;
}

static const Type *parse_type(eddy_schema *s, const char *type) {
    if (!type) {
        eddy__err(&s->err, EDDY_E_MISUSE, "A schema column needs a type.");
        return NULL;
    }
    const Type *t = NULL;
    EdErr e = {0};
    if (eddy__type_parse(&s->env->arena, type, strlen(type), NULL, &t, &e)) eddy__err_move(&s->err, &e);
    return t;
}

static bool need_name(eddy_schema *s, const char *name, const char *what) {
    if (name && *name) return true;
    eddy__err(&s->err, EDDY_E_MISUSE, "%s needs a column name.", what);
    return false;
}

/* Adds a part of `kind` made of a column name and a SQL expression (a
 * computed column, a watermark); `what` names the call in messages. */
static eddy_schema *add_expr_part(eddy_schema *s, SpecKind kind, const char *name, const char *sql_expr,
                                  const char *what) {
    if (!s || !need_name(s, name, what)) return s;
    if (!sql_expr) {
        eddy__err(&s->err, EDDY_E_MISUSE, "%s needs an expression.", what);
        return s;
    }
    return add(s, (SpecPart){.kind = kind, .name = dup(s, name), .expr = dup(s, sql_expr)});
}

eddy_schema *eddy_schema_column(eddy_schema *s, const char *name, const char *type) {
    if (!s || !need_name(s, name, "column")) return s;
    return add(s, (SpecPart){.kind = SPEC_PHYSICAL, .name = dup(s, name), .type = parse_type(s, type)});
}

eddy_schema *eddy_schema_column_typed(eddy_schema *s, const char *name, const eddy_type *type) {
    if (!s || !need_name(s, name, "column")) return s;
    if (!type) {
        eddy__err(&s->err, EDDY_E_MISUSE, "column_typed needs a type.");
        return s;
    }
    return add(s, (SpecPart){.kind = SPEC_PHYSICAL, .name = dup(s, name), .type = ty(type)});
}

eddy_schema *eddy_schema_column_by_expression(eddy_schema *s, const char *name, const char *sql_expr) {
    return add_expr_part(s, SPEC_COMPUTED, name, sql_expr, "column_by_expression");
}

eddy_schema *eddy_schema_column_by_metadata(eddy_schema *s, const char *name, const char *type, const char *key,
                                            bool is_virtual) {
    if (!s || !need_name(s, name, "column_by_metadata")) return s;
    return add(s, (SpecPart){.kind = SPEC_METADATA,
                             .name = dup(s, name),
                             .type = parse_type(s, type),
                             .key = dup(s, key),
                             .is_virtual = is_virtual});
}

eddy_schema *eddy_schema_watermark(eddy_schema *s, const char *column, const char *sql_expr) {
    return add_expr_part(s, SPEC_WATERMARK, column, sql_expr, "watermark");
}

static eddy_schema *primary_key(eddy_schema *s, const char *cname, va_list ap) {
    ED_VEC(const char *) cols = {0};
    for (const char *c = va_arg(ap, const char *); c; c = va_arg(ap, const char *))
        if (!ed_vec_push(&cols, dup(s, c))) eddy__err(&s->err, EDDY_E_NOMEM, "out of memory");
    if (cols.len == 0) eddy__err(&s->err, EDDY_E_VALIDATION, "Primary key constraint must be defined for at least a single column.");
    const char **arr = eddy__arena_alloc(&s->env->arena, sizeof(char *) * (cols.len ? cols.len : 1));
    if (arr && cols.len) memcpy(arr, cols.items, sizeof(char *) * cols.len);
    SpecPart p = {.kind = SPEC_PK, .name = dup(s, cname), .ncols = (int)cols.len, .cols = arr};
    ed_vec_free(&cols);
    for (size_t i = 0; i < s->parts.len; i++)
        if (s->parts.items[i].kind == SPEC_PK) eddy__err(&s->err, EDDY_E_VALIDATION, "Multiple primary keys are not supported.");
    return add(s, p);
}

eddy_schema *eddy_schema_primary_key(eddy_schema *s, ...) {
    if (!s) return NULL;
    va_list ap;
    va_start(ap, s);
    primary_key(s, NULL, ap);
    va_end(ap);
    return s;
}

eddy_schema *eddy_schema_primary_key_named(eddy_schema *s, const char *constraint_name, ...) {
    if (!s) return NULL;
    va_list ap;
    va_start(ap, constraint_name);
    primary_key(s, constraint_name, ap);
    va_end(ap);
    return s;
}
