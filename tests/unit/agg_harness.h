/*
 * agg_harness.h -- drives the aggregate library the way an operator would,
 * for the unit tests: resolves a function from type strings, builds argument
 * columns from text, feeds them a batch at a time (accumulate / retract
 * runs, in input order), and renders results as Flink prints them (CAST(x AS
 * STRING), or Row.toString for the Java form).
 *
 *   H h; h_init(&h);
 *   const AggFn *fn = h_fn(&h, "SUM", "INT", 0);
 *   ASSERT_STR_EQ(h_run(&h, fn, "+1 +2 -1 +NULL"), "2");
 *   h_free(&h);
 */
#ifndef EDDY_TEST_AGG_HARNESS_H
#define EDDY_TEST_AGG_HARNESS_H

#include <stdlib.h>

#include "agg_views.h"
#include "types/format.h"

enum {
    O_RETRACT = 1,      /* the input updates */
    O_DISTINCT = 2,
    O_IGNORE_NULLS = 4, /* IGNORE NULLS / ABSENT ON NULL */
    O_RESPECT_NULLS = 8,/* RESPECT NULLS / NULL ON NULL */
    O_JAVA = 16,        /* results as Row.toString shows them */
};

typedef struct H {
    Arena a;
    EdErr err;
    MemViews mv;
    AggCtx cx;
    unsigned opts; /* of the last h_fn */
} H;

static inline void h_init(H *h) {
    memset(h, 0, sizeof *h);
    eddy__arena_init(&h->a, 1 << 16);
    eddy__agg_ctx_init(&h->cx, &mem_view_ops, &h->mv, &h->err);
    /* accumulators sit behind a 16-byte "slot header", as in an operator's
     * state slot: the functions must find their part at acc_offset */
    h->cx.acc_offset = 16;
}

static inline void h_free(H *h) {
    eddy__agg_ctx_free(&h->cx);
    mem_views_free(&h->mv);
    eddy__err_clear(&h->err);
    eddy__arena_destroy(&h->a);
}

static inline const Type *h_type(H *h, const char *s) {
    const Type *t = NULL;
    EdErr e = {0};
    if (eddy__type_parse(&h->a, s, strlen(s), NULL, &t, &e)) {
        fprintf(stderr, "bad type %s: %s\n", s, e.msg);
        eddy__err_clear(&e);
        return NULL;
    }
    return t;
}

/* Splits "INT, STRING" into types (at most 4). */
static inline int h_types(H *h, const char *list, const Type **out) {
    int n = 0;
    const char *p = list;
    while (*p && n < 4) {
        int depth = 0;
        const char *s = p;
        while (*p && (depth || *p != ',')) {
            if (*p == '<' || *p == '(') depth++;
            if (*p == '>' || *p == ')') depth--;
            p++;
        }
        char *one = eddy__arena_strndup(&h->a, s, (size_t)(p - s));
        out[n++] = h_type(h, one);
        if (*p == ',') p++;
        while (*p == ' ') p++;
    }
    return n;
}

/* Sets slot i of v from text ("NULL" is NULL). */
static inline void h_set(Vector *v, uint32_t i, const char *s, size_t n) {
    if (n == 4 && !memcmp(s, "NULL", 4)) {
        eddy__vec_set_null(v, i);
        return;
    }
    char buf[256];
    snprintf(buf, sizeof buf, "%.*s", (int)n, s);
    const Type *t = v->type;
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: VEC_DATA(v, uint8_t)[i] = !strcmp(buf, "TRUE"); break;
    case TY_TINYINT: VEC_DATA(v, int8_t)[i] = (int8_t)strtoll(buf, NULL, 10); break;
    case TY_SMALLINT: VEC_DATA(v, int16_t)[i] = (int16_t)strtoll(buf, NULL, 10); break;
    case TY_INT:
    case TY_DATE:
    case TY_TIME: VEC_DATA(v, int32_t)[i] = (int32_t)strtoll(buf, NULL, 10); break;
    case TY_BIGINT: VEC_DATA(v, int64_t)[i] = strtoll(buf, NULL, 10); break;
    case TY_FLOAT: VEC_DATA(v, float)[i] = strtof(buf, NULL); break;
    case TY_DOUBLE: VEC_DATA(v, double)[i] = strtod(buf, NULL); break;
    case TY_DECIMAL: {
        ed_i128 d = 0;
        if (eddy__parse_decimal(buf, strlen(buf), t->precision, t->scale, &d)) fprintf(stderr, "bad decimal %s\n", buf);
        VEC_DATA(v, ed_i128)[i] = d;
        break;
    }
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        char *end;
        Ts ts = {strtoll(buf, &end, 10), 0};
        if (*end == '.') ts.ns = (int32_t)strtol(end + 1, NULL, 10);
        VEC_DATA(v, Ts)[i] = ts;
        break;
    }
    default: eddy__vec_set_str(v, i, s, n); return;
    }
    vec_set_valid(v, i);
}

/* f over the argument types `types`, with O_* options; the LISTAGG
 * separator (a literal) is `sep` when not NULL. NULL with the error in h->err. */
static inline const AggFn *h_fn_sep(H *h, const char *name, const char *types, unsigned opts, const char *sep) {
    const Type *args[4];
    int n = h_types(h, types, args);
    AggSpec sp = {.name = name, .nargs = n, .args = args, .star = !strcmp(name, "COUNT") && n == 0,
                  .distinct = opts & O_DISTINCT, .retract = opts & O_RETRACT,
                  .nulls = opts & O_IGNORE_NULLS ? AGG_NULLS_IGNORE : opts & O_RESPECT_NULLS ? AGG_NULLS_RESPECT
                                                                                            : AGG_NULLS_DEFAULT};
    const Value *consts[4] = {0};
    Value sv = {.type = n > 1 ? args[1] : NULL};
    if (sep) {
        sv.is_null = !strcmp(sep, "NULL");
        sv.u.str.p = sep;
        sv.u.str.n = strlen(sep);
        consts[1] = &sv;
        sp.consts = consts;
    }
    const AggFn *fn = NULL;
    eddy__err_clear(&h->err);
    if (eddy__agg_resolve(&h->a, &sp, &fn, &h->err)) return NULL;
    h->opts = opts;
    return fn;
}

static inline const AggFn *h_fn(H *h, const char *name, const char *types, unsigned opts) {
    return h_fn_sep(h, name, types, opts, NULL);
}

/* A new accumulator of fn (arena memory, initialised): the pointer an
 * operator passes, with the fixed part at h->cx.acc_offset. */
static inline void *h_acc(H *h, const AggFn *fn) {
    void *acc = eddy__arena_alloc(&h->a, h->cx.acc_offset + fn->acc_size);
    if (acc && fn->init(fn, &h->cx, acc)) return NULL;
    return acc;
}

/* The result of acc as text. */
static inline const char *h_value(H *h, const AggFn *fn, void *acc) {
    Vector *out = eddy__vec_new(fn->result, 1);
    void *accs[1] = {acc};
    if (!out || eddy__agg_get_value(fn, &h->cx, accs, 1, out, 0)) {
        eddy__vec_release(out);
        return h->err.msg ? eddy__arena_printf(&h->a, "ERROR: %s", h->err.msg) : "ERROR";
    }
    Buf b;
    eddy__buf_init(&b);
    if (vec_is_null(out, 0)) eddy__buf_puts(&b, "NULL");
    else if (h->opts & O_JAVA) eddy__fmt_value_java(&b, out, 0);
    else eddy__fmt_value_sql(&b, out, 0, NULL);
    const char *s = eddy__arena_strdup(&h->a, eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    eddy__vec_release(out);
    return s;
}

/* One operation of a script: its sign and its argument texts. */
typedef struct HOp {
    int sign;
    const char *arg[4];
    size_t len[4];
} HOp;

/* Parses "+1 +2 -1 +k=v" (arguments of one row separated by '='). */
static inline int h_ops(const char *script, HOp *ops, int max) {
    int n = 0;
    const char *p = script;
    while (*p && n < max) {
        while (*p == ' ') p++;
        if (!*p) break;
        HOp *o = &ops[n++];
        memset(o, 0, sizeof *o);
        o->sign = *p == '-' ? -1 : 1;
        p++;
        for (int k = 0; k < 4; k++) {
            const char *s = p;
            while (*p && *p != ' ' && *p != '=') p++;
            o->arg[k] = s;
            o->len[k] = (size_t)(p - s);
            if (*p != '=') break;
            p++;
        }
    }
    return n;
}

/* Applies ops[0..n) to acc (rows in order, in runs of one direction). */
static inline eddy_status h_apply(H *h, const AggFn *fn, void *acc, const HOp *ops, int n) {
    Vector *cols[4] = {0};
    for (int c = 0; c < fn->nargs; c++) {
        cols[c] = eddy__vec_new(fn->args[c], (uint32_t)(n ? n : 1));
        for (int i = 0; i < n; i++) h_set(cols[c], (uint32_t)i, ops[i].arg[c], ops[i].len[c]);
    }
    uint32_t *rows = eddy__arena_alloc(&h->a, sizeof(uint32_t) * (size_t)(n + 1));
    void **accs = eddy__arena_alloc(&h->a, sizeof(void *) * (size_t)(n + 1));
    eddy_status rc = EDDY_OK;
    for (int i = 0; i < n && !rc;) {
        int j = i;
        uint32_t m = 0;
        while (j < n && ops[j].sign == ops[i].sign) {
            rows[m] = (uint32_t)j;
            accs[m++] = acc;
            j++;
        }
        rc = ops[i].sign > 0 ? eddy__agg_accumulate(fn, &h->cx, cols, rows, m, accs)
                             : fn->retract ? eddy__agg_retract(fn, &h->cx, cols, rows, m, accs) : EDDY_E_INTERNAL;
        i = j;
    }
    for (int c = 0; c < fn->nargs; c++) eddy__vec_release(cols[c]);
    return rc;
}

/* Runs a script on a new accumulator and gives its result (or "ERROR: ..."). */
static inline const char *h_run(H *h, const AggFn *fn, const char *script) {
    if (!fn) return h->err.msg ? eddy__arena_printf(&h->a, "NO FUNCTION: %s", h->err.msg) : "NO FUNCTION";
    HOp ops[64];
    int n = h_ops(script, ops, 64);
    void *acc = h_acc(h, fn);
    const char *s;
    if (!acc || h_apply(h, fn, acc, ops, n))
        s = h->err.msg ? eddy__arena_printf(&h->a, "ERROR: %s", h->err.msg) : "ERROR";
    else
        s = h_value(h, fn, acc);
    if (acc) eddy__agg_destroy(fn, &h->cx, acc);
    return s;
}

/* Runs two scripts on two accumulators, merges the second into the first
 * and gives the result. */
static inline const char *h_merge(H *h, const AggFn *fn, const char *s1, const char *s2) {
    HOp o1[64], o2[64];
    int n1 = h_ops(s1, o1, 64), n2 = h_ops(s2, o2, 64);
    void *a1 = h_acc(h, fn), *a2 = h_acc(h, fn);
    void *d[1] = {a1}, *s[1] = {a2};
    if (!a1 || !a2 || h_apply(h, fn, a1, o1, n1) || h_apply(h, fn, a2, o2, n2) || eddy__agg_merge(fn, &h->cx, d, s, 1))
        return h->err.msg ? eddy__arena_printf(&h->a, "ERROR: %s", h->err.msg) : "ERROR";
    const char *r = h_value(h, fn, a1);
    eddy__agg_destroy(fn, &h->cx, a1);
    eddy__agg_destroy(fn, &h->cx, a2);
    return r;
}

#endif
