/*
 * fn_json.c -- the JSON functions with Flink's results (SqlJsonUtils,
 * JsonGenerateUtils, JsonValueCallGen): JSON_VALUE, JSON_QUERY,
 * JSON_EXISTS, JSON_OBJECT, JSON_ARRAY, JSON_STRING and IS JSON (as IS_JSON
 * and as the postfix operators "IS JSON VALUE" ... "IS NOT JSON OBJECT").
 *
 * The clauses of the SQL syntax arrive as character-literal arguments the
 * binder makes (see README.md of this layer):
 *   JSON_VALUE(json, path [, clause ...]) with clauses 'NULL ON EMPTY',
 *     'ERROR ON EMPTY', 'DEFAULT ON EMPTY' <default>, the same ON ERROR, and
 *     'RETURNING' <a NULL literal of the returning type>;
 *   JSON_QUERY(json, path [, clause ...]) with 'WITHOUT ARRAY WRAPPER',
 *     'WITH CONDITIONAL ARRAY WRAPPER', 'WITH UNCONDITIONAL ARRAY WRAPPER',
 *     'NULL | ERROR | EMPTY ARRAY | EMPTY OBJECT ON EMPTY | ERROR' and
 *     'RETURNING' <typed NULL> (STRING or ARRAY<STRING>);
 *   JSON_EXISTS(json, path [, 'TRUE | FALSE | UNKNOWN | ERROR ON ERROR']);
 *   JSON_OBJECT(on_null, k1, v1, ...) and JSON_ARRAY(on_null, v1, ...) where
 *     on_null is 'NULL ON NULL' or 'ABSENT ON NULL' (always given);
 *   IS_JSON(x [, 'VALUE' | 'SCALAR' | 'ARRAY' | 'OBJECT']).
 *
 * Documents are parsed as Jackson's readValue does (text after the first
 * value is ignored), paths evaluated with Jayway's rules (util/json.h), and
 * everything written compactly with sorted keys, as Flink's ObjectMapper
 * (ORDER_MAP_ENTRIES_BY_KEYS) does.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "expr/functions.h"
#include "types/datetime.h"
#include "types/format.h"
#include "util/json.h"

static eddy_status js_nomem(EvalCtx *cx) { return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory"); }

/* The text of a character literal argument, or NULL. */
static bool js_literal(const Expr *e, Str *out) {
    if (e->kind != EX_LITERAL || e->value.is_null || !eddy__type_is_string(e->type)) return false;
    Str s = e->value.u.str;
    while (s.n && s.p[s.n - 1] == ' ') s.n--;
    *out = s;
    return true;
}

static bool js_is(Str s, const char *word) { return eddy__strn_ieq(s.p, s.n, word); }

/* ---- documents and paths, per kernel call ------------------------------------------------------- */

/* The outcome of json + path as SqlJsonUtils.jsonApiCommonSyntax has it:
 * an exception message, or a value (NULL for Java null) and the mode. */
typedef struct JsCtx {
    const char *exc;
    const JsonValue *value;
    JsonPathMode mode;
} JsCtx;

typedef struct PathCache {
    Str key;
    JsonPath *path;
    const char *err;
    bool set;
} PathCache;

/* The mode word of a path spec, as Flink's ^\s*(strict|lax)\s+(.+)$ finds it. */
static JsonPathMode js_mode(Str spec) {
    size_t i = 0;
    while (i < spec.n && (spec.p[i] == ' ' || spec.p[i] == '\t' || spec.p[i] == '\n' || spec.p[i] == '\r')) i++;
    size_t w = i;
    while (w < spec.n && ((spec.p[w] | 0x20) >= 'a' && (spec.p[w] | 0x20) <= 'z')) w++;
    size_t after = w;
    while (after < spec.n && (spec.p[after] == ' ' || spec.p[after] == '\t' || spec.p[after] == '\n' || spec.p[after] == '\r'))
        after++;
    if (after > w && after < spec.n && eddy__strn_ieq(spec.p + i, w - i, "lax")) return JSON_PATH_LAX;
    return JSON_PATH_STRICT;
}

static eddy_status js_eval(EvalCtx *cx, PathCache *pc, Str json, Str spec, JsCtx *out) {
    Arena *a = cx->scratch;
    memset(out, 0, sizeof *out);
    JsonPathMode mode = js_mode(spec);
    out->mode = mode;
    JsonValue *doc;
    JsonError e = {0};
    eddy_status rc = eddy__json_parse(a, json.p, json.n, JSON_PARSE_ALLOW_TRAILING, &doc, &e);
    if (rc == EDDY_E_NOMEM) return js_nomem(cx);
    if (rc) {
        /* a document that does not parse is empty in lax mode, an error in strict */
        if (mode == JSON_PATH_LAX) return EDDY_OK;
        out->exc = eddy__arena_printf(a, "%s\n at [Source: (String)\"%.*s\"; line: %d, column: %d]", e.msg,
                                      (int)ED_MIN(json.n, 500), json.p, e.line, e.col);
        return out->exc ? EDDY_OK : js_nomem(cx);
    }
    if (doc->kind == JSON_NULL) {
        out->exc = "json can not be null";
        return EDDY_OK;
    }
    if (!(pc->set && pc->key.n == spec.n && memcmp(pc->key.p, spec.p, spec.n) == 0)) {
        char *k = eddy__arena_strndup(a, spec.p, spec.n);
        if (!k) return js_nomem(cx);
        pc->key = (Str){k, spec.n};
        pc->set = true;
        pc->path = NULL;
        pc->err = NULL;
        JsonError pe = {0};
        rc = eddy__json_path_compile(a, spec.p, spec.n, true, &pc->path, &pe);
        if (rc == EDDY_E_NOMEM) return js_nomem(cx);
        if (rc && !(pc->err = eddy__arena_strdup(a, pe.msg))) return js_nomem(cx);
    }
    if (pc->err) {
        out->exc = pc->err;
        return EDDY_OK;
    }
    JsonPathResult r;
    if (eddy__json_path_eval(a, pc->path, doc, &r)) return js_nomem(cx);
    out->exc = r.error;
    out->value = r.value && r.value->kind != JSON_NULL ? r.value : NULL;
    return EDDY_OK;
}

/* v as Java's toString shows it, written over tmp's contents; the text is
 * valid until tmp's next use. */
static const char *java_text(Buf *tmp, const JsonValue *v) {
    tmp->len = 0;
    eddy__json_write_java(tmp, v);
    return eddy__buf_cstr(tmp);
}

/* ---- JSON_VALUE ------------------------------------------------------------------------------------- */

typedef enum Behavior { BH_NULL, BH_ERROR, BH_DEFAULT, BH_EMPTY_ARRAY, BH_EMPTY_OBJECT, BH_TRUE, BH_FALSE, BH_UNKNOWN } Behavior;

typedef enum Wrapper { WR_WITHOUT, WR_CONDITIONAL, WR_UNCONDITIONAL } Wrapper;

typedef struct JsonFnData {
    Behavior on_empty, on_error;
    int empty_default, error_default; /* argument index or -1 */
    Wrapper wrapper;
    const Type *ret;
} JsonFnData;

static bool behavior_of(Str w, Behavior *b) {
    static const struct {
        const char *w;
        Behavior b;
    } words[] = {{"NULL", BH_NULL},         {"ERROR", BH_ERROR},           {"DEFAULT", BH_DEFAULT},
                 {"EMPTY ARRAY", BH_EMPTY_ARRAY}, {"EMPTY OBJECT", BH_EMPTY_OBJECT}, {"TRUE", BH_TRUE},
                 {"FALSE", BH_FALSE},       {"UNKNOWN", BH_UNKNOWN}};
    for (size_t i = 0; i < ED_ARRAY_LEN(words); i++)
        if (js_is(w, words[i].w)) {
            *b = words[i].b;
            return true;
        }
    return false;
}

/* Reads the clause arguments from index 2 on into d. */
static eddy_status read_clauses(const FuncDef *fn, Expr **args, int nargs, JsonFnData *d, EdErr *err) {
    bool value = !strcmp(fn->name, "JSON_VALUE"), query = !strcmp(fn->name, "JSON_QUERY");
    for (int i = 2; i < nargs; i++) {
        Str s;
        if (!js_literal(args[i], &s)) goto bad;
        if (js_is(s, "RETURNING") && (value || query) && i + 1 < nargs) {
            d->ret = args[++i]->type;
            continue;
        }
        if (query && s.n > 8 && (js_is(s, "WITHOUT ARRAY WRAPPER") || js_is(s, "WITHOUT WRAPPER"))) {
            d->wrapper = WR_WITHOUT;
            continue;
        }
        if (query && (js_is(s, "WITH CONDITIONAL ARRAY WRAPPER") || js_is(s, "WITH CONDITIONAL WRAPPER"))) {
            d->wrapper = WR_CONDITIONAL;
            continue;
        }
        if (query && (js_is(s, "WITH UNCONDITIONAL ARRAY WRAPPER") || js_is(s, "WITH UNCONDITIONAL WRAPPER") ||
                      js_is(s, "WITH ARRAY WRAPPER") || js_is(s, "WITH WRAPPER"))) {
            d->wrapper = WR_UNCONDITIONAL;
            continue;
        }
        /* "<behavior> ON EMPTY|ERROR" */
        if (s.n < 7) goto bad;
        bool on_empty = s.n > 9 && js_is((Str){s.p + s.n - 9, 9}, " ON EMPTY");
        bool on_error = s.n > 9 && js_is((Str){s.p + s.n - 9, 9}, " ON ERROR");
        if (!on_empty && !on_error) goto bad;
        Behavior b;
        if (!behavior_of((Str){s.p, s.n - 9}, &b)) goto bad;
        bool ok = value ? (b == BH_NULL || b == BH_ERROR || b == BH_DEFAULT)
                  : query ? (b == BH_NULL || b == BH_ERROR || b == BH_EMPTY_ARRAY || b == BH_EMPTY_OBJECT)
                          : (on_error && (b == BH_TRUE || b == BH_FALSE || b == BH_UNKNOWN || b == BH_ERROR));
        if (!ok) goto bad;
        int dflt = -1;
        if (b == BH_DEFAULT) {
            if (i + 1 >= nargs) goto bad;
            dflt = ++i;
        }
        if (on_empty) d->on_empty = b, d->empty_default = dflt;
        else d->on_error = b, d->error_default = dflt;
        continue;
    bad:
        return eddy__err(err, EDDY_E_VALIDATION, "Invalid clause argument %d of %s.", i + 1, fn->name);
    }
    return EDDY_OK;
}

/* The start the JSON_VALUE, JSON_QUERY and JSON_EXISTS inferences share:
 * the JSON text and the path must be strings (a NULL literal becomes one),
 * then the clauses from argument 2 on fill a new JsonFnData (in the arena)
 * whose ON ERROR behaviour is `on_error` unless a clause says otherwise. */
static eddy_status read_call(Arena *a, const FuncDef *fn, Expr **args, int nargs, Behavior on_error, JsonFnData **out,
                             EdErr *err) {
    if (!eddy__str_arg(a, args, 0, err) || !eddy__str_arg(a, args, 1, err)) {
        if (eddy__err_is_set(err)) return err->code;
        return eddy__infer_error(err, fn, args, nargs > 2 ? 2 : nargs);
    }
    JsonFnData *d = eddy__arena_alloc(a, sizeof *d);
    if (!d) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    d->on_error = on_error;
    d->empty_default = d->error_default = -1;
    eddy_status rc = read_clauses(fn, args, nargs, d, err);
    if (rc) return rc;
    *out = d;
    return EDDY_OK;
}

/* "Unsupported type 'INT' for RETURNING in JSON_QUERY()." */
static eddy_status unsupported_returning(EdErr *err, const FuncDef *fn, const Type *ret) {
    Buf b;
    eddy__buf_init(&b);
    eddy__type_print(&b, ret);
    eddy__err(err, EDDY_E_VALIDATION, "Unsupported type '%s' for RETURNING in %s().", eddy__buf_cstr(&b), fn->name);
    eddy__buf_free(&b);
    return EDDY_E_VALIDATION;
}

static bool value_returning_ok(const Type *t) {
    switch ((TypeRoot)t->root) {
    case TY_CHAR:
    case TY_VARCHAR:
    case TY_BOOLEAN:
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT:
    case TY_FLOAT:
    case TY_DOUBLE:
    case TY_DECIMAL: return true;
    default: return false;
    }
}

static eddy_status infer_json_value(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                    const void **data, EdErr *err) {
    JsonFnData *d;
    eddy_status rc = read_call(a, fn, args, nargs, BH_NULL, &d, err);
    if (rc) return rc;
    const Type *ret = d->ret ? d->ret : eddy__type_string(true);
    if (!value_returning_ok(ret)) return unsupported_returning(err, fn, ret);
    ret = eddy__type_with_nullable(a, ret, true);
    d->ret = ret;
    /* defaults take the returning type; for a string result any value
     * becomes its Java text at run time */
    int defs[2] = {d->empty_default, d->error_default};
    for (int k = 0; k < 2; k++) {
        int i = defs[k];
        if (i < 0) continue;
        if (eddy__type_is_string(ret)) {
            if (args[i]->type->root == TY_NULL && (rc = eddy__coerce(a, args, i, ret, err))) return rc;
            continue;
        }
        Expr *c;
        if ((rc = eddy__expr_cast(a, args[i], eddy__type_with_nullable(a, ret, args[i]->type->nullable), false, &c, err)))
            return rc;
        args[i] = c;
    }
    *data = d;
    *out = ret;
    return EDDY_OK;
}

/* Writes JSON scalar v into out[r] as type t; false when it does not fit. */
static bool scalar_to(Vector *out, uint32_t r, const Type *t, const JsonValue *v, Buf *tmp) {
    const char *txt = java_text(tmp, v);
    switch ((TypeRoot)t->root) {
    case TY_CHAR:
    case TY_VARCHAR: eddy__vec_set_str(out, r, txt, tmp->len); return true;
    case TY_BOOLEAN:
        if (v->kind == JSON_TRUE || v->kind == JSON_FALSE) {
            VEC_DATA(out, uint8_t)[r] = v->kind == JSON_TRUE;
            return true;
        }
        if (v->kind == JSON_STRING && (eddy__str_ieq(txt, "true") || eddy__str_ieq(txt, "false"))) {
            VEC_DATA(out, uint8_t)[r] = eddy__str_ieq(txt, "true");
            return true;
        }
        return false;
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT: {
        if (v->kind != JSON_INT && v->kind != JSON_DEC && v->kind != JSON_STRING) return false;
        ed_i128 x;
        if (eddy__parse_decimal(txt, tmp->len, 38, 0, &x) != EDDY_OK) return false;
        /* an exact integer only */
        ed_i128 check;
        if (v->kind != JSON_STRING && eddy__parse_decimal(txt, tmp->len, 38, 6, &check) == EDDY_OK &&
            check != x * 1000000)
            return false;
        int bits = t->root == TY_TINYINT ? 8 : t->root == TY_SMALLINT ? 16 : t->root == TY_INT ? 32 : 64;
        ed_i128 lim = (ed_i128)1 << (bits - 1);
        if (x < -lim || x >= lim) return false;
        out_int(out, r, (int64_t)x);
        return true;
    }
    case TY_FLOAT:
    case TY_DOUBLE: {
        if (v->kind != JSON_INT && v->kind != JSON_DEC && v->kind != JSON_STRING) return false;
        char *end;
        double d = strtod(txt, &end);
        if (end == txt || *end) return false;
        out_dbl(out, r, d);
        return true;
    }
    case TY_DECIMAL: {
        if (v->kind != JSON_INT && v->kind != JSON_DEC && v->kind != JSON_STRING) return false;
        ed_i128 x;
        if (eddy__parse_decimal(txt, tmp->len, t->precision, t->scale, &x) != EDDY_OK) return false;
        VEC_DATA(out, ed_i128)[r] = x;
        return true;
    }
    default: return false;
    }
}

/* Writes the DEFAULT argument's value into out[r]. */
static void put_default(Vector *out, uint32_t r, const Type *ret, const Vector *dv, const Type *dt, Buf *tmp) {
    if (vec_is_null(dv, r)) {
        eddy__vec_set_null(out, r);
        return;
    }
    if (eddy__type_is_string(ret) && !eddy__type_is_string(dt)) {
        tmp->len = 0;
        if (dt->root == TY_BOOLEAN) eddy__buf_puts(tmp, ARG(dv, uint8_t, r) ? "true" : "false");
        else eddy__fmt_value_java(tmp, dv, r);
        eddy__vec_set_str(out, r, eddy__buf_cstr(tmp), tmp->len);
        return;
    }
    eddy__vec_copy_value(out, r, dv, r);
}

static eddy_status k_json_value(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                uint32_t nrows) {
    const JsonFnData *d = e->fn_data;
    PathCache pc = {0};
    Buf tmp;
    eddy__buf_init(&tmp);
    eddy_status rc = EDDY_OK;
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r) || vec_is_null(args[1], r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        JsCtx c;
        if ((rc = js_eval(cx, &pc, vec_str(args[0], r), vec_str(args[1], r), &c))) break;
        const char *exc = c.exc;
        if (!exc) {
            const JsonValue *v = c.value;
            bool scalar = v && !eddy__json_is_container(v);
            if (!v || (c.mode == JSON_PATH_LAX && !scalar)) {
                if (d->on_empty == BH_ERROR) {
                    rc = eddy__err(cx->err, EDDY_E_RUNTIME, "Empty result of JSON_VALUE function is not allowed");
                    break;
                }
                if (d->on_empty == BH_DEFAULT)
                    put_default(out, r, d->ret, args[d->empty_default], e->args[d->empty_default]->type, &tmp);
                else eddy__vec_set_null(out, r);
                continue;
            }
            if (!scalar) {
                exc = eddy__arena_printf(cx->scratch,
                                         "Strict jsonpath mode requires scalar value, and the actual value is: '%s'",
                                         java_text(&tmp, v));
            } else if (scalar_to(out, r, d->ret, v, &tmp)) {
                continue;
            } else {
                Buf tn;
                eddy__buf_init(&tn);
                eddy__type_print(&tn, d->ret);
                exc = eddy__arena_printf(cx->scratch, "Cannot cast JSON value '%s' to %s", java_text(&tmp, v),
                                         eddy__buf_cstr(&tn));
                eddy__buf_free(&tn);
            }
            if (!exc) {
                rc = js_nomem(cx);
                break;
            }
        }
        if (d->on_error == BH_ERROR) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "%s", exc);
            break;
        }
        if (d->on_error == BH_DEFAULT)
            put_default(out, r, d->ret, args[d->error_default], e->args[d->error_default]->type, &tmp);
        else eddy__vec_set_null(out, r);
    }
    if (!rc && tmp.failed) rc = js_nomem(cx);
    eddy__buf_free(&tmp);
    return rc;
}
static const FuncDef fn_json_value = {"JSON_VALUE", 2, -1, 0, infer_json_value, k_json_value,
                                      "JSON_VALUE(<CHARACTER>, <CHARACTER>)"};

/* ---- JSON_QUERY ------------------------------------------------------------------------------------------- */

static eddy_status infer_json_query(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                    const void **data, EdErr *err) {
    JsonFnData *d;
    eddy_status rc = read_call(a, fn, args, nargs, BH_NULL, &d, err);
    if (rc) return rc;
    const Type *ret = d->ret ? d->ret : eddy__type_string(true);
    bool array = ret->root == TY_ARRAY && eddy__type_is_string(ret->elem);
    if (!eddy__type_is_string(ret) && !array) return unsupported_returning(err, fn, ret);
    if (array && (d->on_empty == BH_EMPTY_OBJECT || d->on_error == BH_EMPTY_OBJECT))
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Illegal on error behavior 'EMPTY OBJECT' for return type: ARRAY<STRING>");
    d->ret = eddy__type_with_nullable(a, ret, true);
    *data = d;
    *out = d->ret;
    return d->ret ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

/* Writes the EMPTY ARRAY / EMPTY OBJECT / NULL result; false for ERROR. */
static void query_fallback(Vector *out, uint32_t r, Behavior b, bool array) {
    if (b == BH_EMPTY_ARRAY || b == BH_EMPTY_OBJECT) {
        if (array) {
            uint32_t off = eddy__vec_list_append(out, 0);
            vec_set_valid(out, r);
            VEC_DATA(out, ListEntry)[r] = (ListEntry){off, 0};
        } else {
            eddy__vec_set_str(out, r, b == BH_EMPTY_ARRAY ? "[]" : "{}", 2);
        }
        return;
    }
    eddy__vec_set_null(out, r);
}

static eddy_status k_json_query(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                uint32_t nrows) {
    const JsonFnData *d = e->fn_data;
    bool array = d->ret->root == TY_ARRAY;
    PathCache pc = {0};
    Buf tmp;
    eddy__buf_init(&tmp);
    eddy_status rc = EDDY_OK;
    const int wflags = JSON_WRITE_SORT_KEYS | JSON_WRITE_JAVA_NUMBERS;
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r) || vec_is_null(args[1], r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        JsCtx c;
        if ((rc = js_eval(cx, &pc, vec_str(args[0], r), vec_str(args[1], r), &c))) break;
        const char *exc = c.exc;
        if (!exc) {
            const JsonValue *v = c.value;
            if (v && (d->wrapper == WR_UNCONDITIONAL || (d->wrapper == WR_CONDITIONAL && v->kind != JSON_ARRAY))) {
                JsonValue *w = eddy__json_array(cx->scratch, 1);
                if (!w) {
                    rc = js_nomem(cx);
                    break;
                }
                w->u.arr.items[0] = (JsonValue *)v;
                v = w;
            }
            bool scalar = v && !eddy__json_is_container(v);
            if (!v || (c.mode == JSON_PATH_LAX && scalar)) {
                if (d->on_empty == BH_ERROR) {
                    rc = eddy__err(cx->err, EDDY_E_RUNTIME, "Empty result of JSON_QUERY function is not allowed");
                    break;
                }
                query_fallback(out, r, d->on_empty, array);
                continue;
            }
            if (scalar) {
                exc = eddy__arena_printf(
                    cx->scratch, "Strict jsonpath mode requires array or object value, and the actual value is: '%s'",
                    java_text(&tmp, v));
                if (!exc) {
                    rc = js_nomem(cx);
                    break;
                }
            } else if (!array) {
                tmp.len = 0;
                eddy__json_write(&tmp, v, wflags);
                eddy__vec_set_str(out, r, eddy__buf_cstr(&tmp), tmp.len);
                continue;
            } else if (v->kind != JSON_ARRAY) {
                exc = "class java.util.LinkedHashMap cannot be cast to class java.util.List";
            } else {
                uint32_t off = eddy__vec_list_append(out, (uint32_t)v->u.arr.n);
                if (out->failed) {
                    rc = js_nomem(cx);
                    break;
                }
                for (size_t k = 0; k < v->u.arr.n; k++) {
                    const JsonValue *el = v->u.arr.items[k];
                    uint32_t slot = off + (uint32_t)k;
                    if (el->kind == JSON_NULL) {
                        eddy__vec_set_null(out->child[0], slot);
                        continue;
                    }
                    tmp.len = 0;
                    if (eddy__json_is_container(el)) eddy__json_write(&tmp, el, wflags);
                    else eddy__json_write_java(&tmp, el);
                    eddy__vec_set_str(out->child[0], slot, eddy__buf_cstr(&tmp), tmp.len);
                }
                vec_set_valid(out, r);
                VEC_DATA(out, ListEntry)[r] = (ListEntry){off, (uint32_t)v->u.arr.n};
                continue;
            }
        }
        if (d->on_error == BH_ERROR) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "%s", exc);
            break;
        }
        query_fallback(out, r, d->on_error, array);
    }
    if (!rc && tmp.failed) rc = js_nomem(cx);
    eddy__buf_free(&tmp);
    return rc;
}
static const FuncDef fn_json_query = {"JSON_QUERY", 2, -1, 0, infer_json_query, k_json_query,
                                      "JSON_QUERY(<CHARACTER>, <CHARACTER>)"};

/* ---- JSON_EXISTS ---------------------------------------------------------------------------------------- */

static eddy_status infer_json_exists(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                     const void **data, EdErr *err) {
    JsonFnData *d;
    eddy_status rc = read_call(a, fn, args, nargs, BH_FALSE, &d, err);
    if (rc) return rc;
    *data = d;
    *out = eddy__type_basic(TY_BOOLEAN, true);
    return EDDY_OK;
}

static eddy_status k_json_exists(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                 uint32_t nrows) {
    const JsonFnData *d = e->fn_data;
    PathCache pc = {0};
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r) || vec_is_null(args[1], r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        JsCtx c;
        eddy_status rc = js_eval(cx, &pc, vec_str(args[0], r), vec_str(args[1], r), &c);
        if (rc) return rc;
        if (!c.exc) {
            VEC_DATA(out, uint8_t)[r] = c.value != NULL;
            continue;
        }
        switch (d->on_error) {
        case BH_TRUE: VEC_DATA(out, uint8_t)[r] = 1; break;
        case BH_UNKNOWN: eddy__vec_set_null(out, r); break;
        case BH_ERROR: return eddy__err(cx->err, EDDY_E_RUNTIME, "%s", c.exc);
        default: VEC_DATA(out, uint8_t)[r] = 0; break;
        }
    }
    return EDDY_OK;
}
static const FuncDef fn_json_exists = {"JSON_EXISTS", 2, 3, 0, infer_json_exists, k_json_exists,
                                       "JSON_EXISTS(<CHARACTER>, <CHARACTER>)"};

/* ---- IS JSON ------------------------------------------------------------------------------------------- */

typedef enum JsonKindTest { JK_VALUE, JK_SCALAR, JK_ARRAY, JK_OBJECT } JsonKindTest;

typedef struct IsJsonData {
    JsonKindTest kind;
    bool negate;
} IsJsonData;

static eddy_status infer_is_json(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                 const void **data, EdErr *err) {
    IsJsonData *d = eddy__arena_alloc(a, sizeof *d);
    if (!d) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    const char *kind = "VALUE";
    Str ks;
    if (!strcmp(fn->name, "IS_JSON")) {
        if (nargs > 1) {
            if (!js_literal(args[1], &ks)) return eddy__infer_error(err, fn, args, nargs);
            kind = js_is(ks, "SCALAR") ? "SCALAR" : js_is(ks, "ARRAY") ? "ARRAY" : js_is(ks, "OBJECT") ? "OBJECT"
                   : js_is(ks, "VALUE") ? "VALUE" : NULL;
            if (!kind) return eddy__err(err, EDDY_E_VALIDATION, "Invalid IS JSON kind '%.*s'.", (int)ks.n, ks.p);
        }
    } else {
        d->negate = strstr(fn->name, " NOT ") != NULL;
        kind = strrchr(fn->name, ' ') + 1;
    }
    d->kind = !strcmp(kind, "SCALAR") ? JK_SCALAR : !strcmp(kind, "ARRAY") ? JK_ARRAY : !strcmp(kind, "OBJECT") ? JK_OBJECT : JK_VALUE;
    if (!eddy__str_arg(a, args, 0, err)) {
        if (eddy__err_is_set(err)) return err->code;
        return eddy__infer_error(err, fn, args, 1);
    }
    *data = d;
    *out = eddy__type_basic(TY_BOOLEAN, false);
    return EDDY_OK;
}

static eddy_status k_is_json(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                             uint32_t nrows) {
    const IsJsonData *d = e->fn_data;
    FOR_ROWS(i, r) {
        bool res = false;
        if (!vec_is_null(args[0], r)) {
            Str s = vec_str(args[0], r);
            JsonValue *v;
            eddy_status rc = eddy__json_parse(cx->scratch, s.p, s.n, JSON_PARSE_ALLOW_TRAILING, &v, NULL);
            if (rc == EDDY_E_NOMEM) return js_nomem(cx);
            if (rc == EDDY_OK) {
                switch (d->kind) {
                case JK_VALUE: res = true; break;
                case JK_SCALAR: res = !eddy__json_is_container(v); break;
                case JK_ARRAY: res = v->kind == JSON_ARRAY; break;
                case JK_OBJECT: res = v->kind == JSON_OBJECT; break;
                }
            }
            if (d->negate) res = !res;
        }
        /* NULL IS JSON is FALSE, and so is NULL IS NOT JSON */
        VEC_DATA(out, uint8_t)[r] = res;
    }
    return EDDY_OK;
}

#define ISJ(id, nm) static const FuncDef id = {nm, 1, 1, 0, infer_is_json, k_is_json, "<CHARACTER> " nm}
static const FuncDef fn_is_json = {"IS_JSON", 1, 2, 0, infer_is_json, k_is_json, "<CHARACTER> IS JSON [VALUE]"};
ISJ(fn_is_json_value, "IS JSON VALUE");
ISJ(fn_is_json_scalar, "IS JSON SCALAR");
ISJ(fn_is_json_array, "IS JSON ARRAY");
ISJ(fn_is_json_object, "IS JSON OBJECT");
ISJ(fn_is_not_json_value, "IS NOT JSON VALUE");
ISJ(fn_is_not_json_scalar, "IS NOT JSON SCALAR");
ISJ(fn_is_not_json_array, "IS NOT JSON ARRAY");
ISJ(fn_is_not_json_object, "IS NOT JSON OBJECT");

/* ---- building JSON from values: JSON_OBJECT, JSON_ARRAY, JSON_STRING ---------------------------------- */

/* Whether values of t convert to JSON (JsonGenerateUtils.createNodeTerm). */
static bool json_convertible(const Type *t, const char **bad) {
    switch ((TypeRoot)t->root) {
    case TY_NULL:
    case TY_BOOLEAN:
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT:
    case TY_FLOAT:
    case TY_DOUBLE:
    case TY_DECIMAL:
    case TY_CHAR:
    case TY_VARCHAR:
    case TY_BINARY:
    case TY_VARBINARY:
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: return true;
    case TY_ARRAY: return json_convertible(t->elem, bad);
    case TY_MULTISET:
        if (!eddy__type_is_string(t->elem)) {
            *bad = "key";
            return false;
        }
        return true;
    case TY_MAP:
        if (!eddy__type_is_string(t->elem)) {
            *bad = "key";
            return false;
        }
        return json_convertible(t->value, bad);
    case TY_ROW:
    case TY_STRUCTURED:
        for (int i = 0; i < t->nfields; i++)
            if (!json_convertible(t->fields[i].type, bad)) return false;
        return true;
    default: return false;
    }
}

static eddy_status convertible_error(EdErr *err, const Type *t, const char *bad) {
    Buf b;
    eddy__buf_init(&b);
    Type tmp = *t;
    tmp.nullable = true;
    if (bad) {
        eddy__type_print(&b, tmp.elem);
        eddy__err(err, EDDY_E_VALIDATION,
                  "Type '%s' is not supported for JSON conversion. The key type must be a character string.",
                  eddy__buf_cstr(&b));
    } else {
        eddy__type_print(&b, &tmp);
        eddy__err(err, EDDY_E_VALIDATION, "Type '%s' is not scalar or cannot be converted into JSON.", eddy__buf_cstr(&b));
    }
    eddy__buf_free(&b);
    return EDDY_E_VALIDATION;
}

typedef struct OnNullData {
    bool absent;
    int first; /* index of the first key / value (after the clause) */
} OnNullData;

/* Whether e is a JSON constructor or JSON(), whose result is inserted as JSON. */
static bool raw_json_arg(const Expr *e) {
    return e->kind == EX_CALL && (!strcmp(e->fn->name, "JSON_OBJECT") || !strcmp(e->fn->name, "JSON_ARRAY") ||
                                  !strcmp(e->fn->name, "JSON"));
}

static bool is_json_call(const Expr *e) { return e->kind == EX_CALL && e->fn && !strcmp(e->fn->name, "JSON"); }

eddy_status eddy__json_check_placement(const Expr *e, EdErr *err) {
    if (!e) return EDDY_OK;
    bool object = e->kind == EX_CALL && e->fn && !strcmp(e->fn->name, "JSON_OBJECT");
    bool array = e->kind == EX_CALL && e->fn && !strcmp(e->fn->name, "JSON_ARRAY");
    const OnNullData *d = (object || array) ? e->fn_data : NULL;
    int first = d ? d->first : 0;
    if (is_json_call(e)) goto bad;
    for (int i = 0; i < e->nargs; i++) {
        const Expr *a = e->args[i];
        /* JSON() is a value of JSON_ARRAY or a VALUE of JSON_OBJECT */
        if (is_json_call(a) && ((array && i >= first) || (object && i >= first && (i - first) % 2 == 1))) {
            if (eddy__json_check_placement(a->args[0], err)) return err->code;
            continue;
        }
        if (is_json_call(a)) goto bad;
        eddy_status rc = eddy__json_check_placement(a, err);
        if (rc) return rc;
    }
    return EDDY_OK;
bad:
    return eddy__err(err, EDDY_E_VALIDATION,
                     "The JSON() function is currently only supported inside JSON_ARRAY() or as the VALUE param of "
                     "JSON_OBJECT(). Example: JSON_OBJECT('a', JSON('{\"key\": \"value\"}')) or "
                     "JSON_ARRAY(JSON('{\"key\": \"value\"}')).");
}

/* ISO_LOCAL_DATE_TIME: 2021-08-21T13:00:05[.fraction without trailing zeros] */
static void iso_local(Buf *b, int64_t ms, int32_t ns) {
    DateTime dt;
    eddy__dt_from_epoch(ms, ns, &dt);
    eddy__fmt_date_java(b, eddy__dt_floor_div(ms, 86400000));
    eddy__buf_printf(b, "T%02d:%02d:%02d", dt.hour, dt.minute, dt.second);
    if (dt.nano) {
        char f[10];
        snprintf(f, sizeof f, "%09d", dt.nano);
        int n = 9;
        while (n > 0 && f[n - 1] == '0') n--;
        eddy__buf_printf(b, ".%.*s", n, f);
    }
}

static JsonValue *num_text(Arena *a, JsonKind k, Buf *b) {
    return eddy__json_text(a, k, b->data ? b->data : "0", b->len);
}

/* The JSON node of slot i of v (type t); NULL when memory runs out or on
 * an error (*err set). */
static JsonValue *to_json(Arena *a, const Vector *v, uint32_t i, const Type *t, const char **err) {
    if (t->root == TY_NULL || vec_is_null(v, i)) return eddy__json_new(a, JSON_NULL);
    i = vidx(v, i);
    Buf b;
    eddy__buf_init(&b);
    JsonValue *res = NULL;
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: res = eddy__json_new(a, VEC_DATA(v, uint8_t)[i] ? JSON_TRUE : JSON_FALSE); break;
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT:
        eddy__buf_printf(&b, "%lld", (long long)arg_int(v, i));
        res = num_text(a, JSON_INT, &b);
        break;
    case TY_FLOAT:
    case TY_DOUBLE: {
        double d = arg_dbl(v, i);
        if (isnan(d) || isinf(d)) {
            /* Jackson quotes non-numeric numbers */
            res = eddy__json_string(a, isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity",
                                    isnan(d) ? 3 : d > 0 ? 8 : 9);
            break;
        }
        if (t->root == TY_FLOAT) eddy__fmt_float(&b, VEC_DATA(v, float)[i]);
        else eddy__fmt_double(&b, d);
        res = num_text(a, JSON_DOUBLE, &b);
        break;
    }
    case TY_DECIMAL:
        eddy__fmt_decimal(&b, VEC_DATA(v, ed_i128)[i], t->scale, false);
        res = num_text(a, JSON_DOUBLE, &b);
        break;
    case TY_CHAR:
    case TY_VARCHAR: {
        Str s = vec_str(v, i);
        res = eddy__json_string(a, s.p, s.n);
        break;
    }
    case TY_BINARY:
    case TY_VARBINARY: {
        Str s = vec_str(v, i);
        eddy__base64_encode(&b, (const uint8_t *)s.p, s.n);
        res = eddy__json_string(a, b.data ? b.data : "", b.len);
        break;
    }
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        Ts ts = VEC_DATA(v, Ts)[i];
        iso_local(&b, ts.ms, ts.ns);
        if (t->root == TY_TIMESTAMP_LTZ) eddy__buf_putc(&b, 'Z');
        res = eddy__json_string(a, b.data, b.len);
        break;
    }
    case TY_ARRAY: {
        ListEntry le = VEC_DATA(v, ListEntry)[i];
        res = eddy__json_array(a, le.len);
        for (uint32_t k = 0; res && k < le.len; k++)
            if (!(res->u.arr.items[k] = to_json(a, v->child[0], le.off + k, t->elem, err))) res = NULL;
        break;
    }
    case TY_MAP:
    case TY_MULTISET: {
        ListEntry le = VEC_DATA(v, ListEntry)[i];
        const Type *vt = t->root == TY_MAP ? t->value : eddy__type_basic(TY_INT, false);
        res = eddy__json_object(a, le.len);
        for (uint32_t k = 0; res && k < le.len; k++) {
            if (vec_is_null(v->child[0], le.off + k)) {
                *err = eddy__arena_printf(a, "java.lang.IllegalArgumentException: Key at index %u was null. This is "
                                             "not supported during conversion to JSON.", k);
                res = NULL;
                break;
            }
            Str key = vec_str(v->child[0], le.off + k);
            char *kc = eddy__arena_strndup(a, key.p, key.n);
            JsonValue *val = to_json(a, v->child[1], le.off + k, vt, err);
            if (!kc || !val) res = NULL;
            else res->u.obj.members[k] = (JsonMember){kc, key.n, val};
        }
        break;
    }
    case TY_ROW:
    case TY_STRUCTURED:
        res = eddy__json_object(a, (size_t)t->nfields);
        for (int k = 0; res && k < t->nfields; k++) {
            JsonValue *val = to_json(a, v->child[k], i, t->fields[k].type, err);
            if (!val) res = NULL;
            else res->u.obj.members[k] = (JsonMember){t->fields[k].name, strlen(t->fields[k].name), val};
        }
        break;
    default: break;
    }
    eddy__buf_free(&b);
    return res;
}

/* The node for argument k at row r: raw JSON text for nested constructors. */
static JsonValue *arg_json(Arena *a, const Expr *e, Vector *const *args, int k, uint32_t r, const char **err) {
    if (raw_json_arg(e->args[k]) && !vec_is_null(args[k], r)) {
        Str s = vec_str(args[k], r);
        return eddy__json_text(a, JSON_RAW, s.p, s.n);
    }
    return to_json(a, args[k], r, e->args[k]->type, err);
}

/* Appends the JSON text JSON_STRING gives for v[i] of type t (the
 * aggregates JSON_ARRAYAGG / JSON_OBJECTAGG take their values so). False
 * with *err set on a value that does not convert, or when memory runs out
 * (*err NULL). */
bool eddy__json_value_text(Arena *a, Buf *out, const Vector *v, uint32_t i, const Type *t, const char **err) {
    *err = NULL;
    JsonValue *node = to_json(a, v, i, t, err);
    if (!node) return false;
    eddy__json_write(out, node, JSON_WRITE_SORT_KEYS);
    return !out->failed;
}

/* Whether values of type t convert to JSON; else Flink's validation error. */
eddy_status eddy__json_check_type(const Type *t, EdErr *err) {
    const char *bad = NULL;
    return json_convertible(t, &bad) ? EDDY_OK : convertible_error(err, t, bad);
}

static eddy_status infer_json_build(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                    const void **data, EdErr *err) {
    bool object = !strcmp(fn->name, "JSON_OBJECT"), string = !strcmp(fn->name, "JSON_STRING");
    OnNullData *d = eddy__arena_alloc(a, sizeof *d);
    if (!d) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    int first = 0;
    if (!string) {
        /* the binder always passes the ON NULL clause first; a call without
         * it (as written before the binder knew the layout) gets the default */
        Str s;
        d->absent = !object;
        if (nargs > 0 && js_literal(args[0], &s) && (js_is(s, "NULL ON NULL") || js_is(s, "ABSENT ON NULL"))) {
            d->absent = js_is(s, "ABSENT ON NULL");
            first = 1;
        }
        if (object && (nargs - first) % 2) return eddy__err(err, EDDY_E_VALIDATION, "JSON_OBJECT needs key/value pairs.");
    }
    d->first = first;
    for (int i = first; i < nargs; i++) {
        bool key = object && (i - first) % 2 == 0;
        if (key) {
            if (!eddy__str_arg(a, args, i, err)) {
                if (eddy__err_is_set(err)) return err->code;
                return eddy__infer_error(err, fn, args, nargs);
            }
            continue;
        }
        const char *bad = NULL;
        if (!raw_json_arg(args[i]) && !json_convertible(args[i]->type, &bad))
            return convertible_error(err, args[i]->type, bad);
    }
    *data = d;
    *out = eddy__type_string(string ? args[0]->type->nullable || args[0]->type->root == TY_NULL : false);
    return EDDY_OK;
}

static eddy_status k_json_build(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                uint32_t nrows) {
    const OnNullData *d = e->fn_data;
    char kind = e->fn->name[5]; /* O(bject), A(rray), S(tring) */
    Buf b;
    eddy__buf_init(&b);
    eddy_status rc = EDDY_OK;
    const int wflags = JSON_WRITE_SORT_KEYS;
    FOR_ROWS(i, r) {
        const char *err = NULL;
        JsonValue *node = NULL;
        if (kind == 'S') {
            if (vec_is_null(args[0], r)) {
                eddy__vec_set_null(out, r);
                continue;
            }
            node = arg_json(cx->scratch, e, args, 0, r, &err);
        } else if (kind == 'O') {
            int pairs = (e->nargs - d->first) / 2;
            node = eddy__json_object(cx->scratch, (size_t)pairs);
            size_t n = 0;
            for (int k = 0; node && k < pairs; k++) {
                int ki = d->first + 2 * k, vi = ki + 1;
                if (vec_is_null(args[ki], r)) {
                    err = "java.lang.IllegalArgumentException: JSON_OBJECT keys must not be NULL";
                    node = NULL;
                    break;
                }
                if (vec_is_null(args[vi], r) && d->absent) continue;
                Str key = vec_str(args[ki], r);
                char *kc = eddy__arena_strndup(cx->scratch, key.p, key.n);
                JsonValue *val = arg_json(cx->scratch, e, args, vi, r, &err);
                if (!kc || !val) {
                    node = NULL;
                    break;
                }
                node->u.obj.members[n++] = (JsonMember){kc, key.n, val};
            }
            if (node) node->u.obj.n = n;
        } else {
            node = eddy__json_array(cx->scratch, (size_t)(e->nargs - d->first));
            size_t n = 0;
            for (int k = d->first; node && k < e->nargs; k++) {
                if (vec_is_null(args[k], r) && d->absent) continue;
                JsonValue *val = arg_json(cx->scratch, e, args, k, r, &err);
                if (!val) {
                    node = NULL;
                    break;
                }
                node->u.arr.items[n++] = val;
            }
            if (node) node->u.arr.n = n;
        }
        if (!node) {
            rc = err ? eddy__err(cx->err, EDDY_E_RUNTIME, "%s", err) : js_nomem(cx);
            break;
        }
        b.len = 0;
        eddy__json_write(&b, node, wflags);
        /* escapes make a string up to six times longer */
        if ((rc = str_result_fits(cx, e->fn->name, b.len))) break;
        eddy__vec_set_str(out, r, eddy__buf_cstr(&b), b.len);
    }
    if (!rc && b.failed) rc = js_nomem(cx);
    eddy__buf_free(&b);
    return rc;
}
/* JSON(value): pre-formatted JSON, inserted as it is by JSON_OBJECT /
 * JSON_ARRAY. Its value is the text parsed and written again (Flink's
 * jsonize(dejsonize(trimmed))); blank text is NULL, text that does not
 * parse fails the job. */
static eddy_status infer_json_raw(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                  const void **data, EdErr *err) {
    (void)data;
    if (!eddy__type_is_string(args[0]->type)) return eddy__invalid_call_error(err, fn, args, nargs);
    *out = eddy__type_string(true);
    (void)a;
    return EDDY_OK;
}

static eddy_status k_json_raw(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                              uint32_t nrows) {
    (void)e;
    Buf b;
    eddy__buf_init(&b);
    eddy_status rc = EDDY_OK;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), t = str_java_trim(s);
        if (!t.n) {
            eddy__vec_set_null(out, r);
            continue;
        }
        JsonValue *v;
        JsonError je = {0};
        rc = eddy__json_parse(cx->scratch, t.p, t.n, 0, &v, &je);
        if (rc == EDDY_E_NOMEM) break;
        if (rc) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "Invalid JSON string in JSON(value) function: \"%.*s\". Error: %s",
                           (int)ED_MIN(s.n, 500), s.p, je.msg);
            break;
        }
        b.len = 0;
        eddy__json_write(&b, v, JSON_WRITE_SORT_KEYS | JSON_WRITE_JAVA_NUMBERS);
        if (b.failed) break;
        eddy__vec_set_str(out, r, eddy__buf_cstr(&b), b.len);
    }
    if (rc == EDDY_E_NOMEM || (!rc && b.failed)) rc = js_nomem(cx);
    eddy__buf_free(&b);
    return rc;
}

static const FuncDef fn_json_raw = {"JSON", 1, 1, FN_STRICT | FN_NO_FOLD, infer_json_raw, k_json_raw,
                                    "JSON(<CHARACTER_STRING>)"};
static const FuncDef fn_json_object = {"JSON_OBJECT", 0, -1, 0, infer_json_build, k_json_build,
                                       "JSON_OBJECT([[KEY] key VALUE value]* [ { NULL | ABSENT } ON NULL ])"};
static const FuncDef fn_json_array = {"JSON_ARRAY", 0, -1, 0, infer_json_build, k_json_build,
                                      "JSON_ARRAY([value]* [ { NULL | ABSENT } ON NULL ])"};
static const FuncDef fn_json_string = {"JSON_STRING", 1, 1, 0, infer_json_build, k_json_build, "JSON_STRING(<ANY>)"};

const FuncDef *const eddy__fns_json[] = {
    &fn_json_value,       &fn_json_query,        &fn_json_exists,        &fn_is_json,
    &fn_is_json_value,    &fn_is_json_scalar,    &fn_is_json_array,      &fn_is_json_object,
    &fn_is_not_json_value, &fn_is_not_json_scalar, &fn_is_not_json_array, &fn_is_not_json_object,
    &fn_json_object,      &fn_json_array,        &fn_json_string,        &fn_json_raw,           NULL,
};
