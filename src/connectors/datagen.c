/*
 * datagen.c -- 'connector' = 'datagen': generated rows, with Flink's options:
 * rows-per-second (default 10000), number-of-rows (makes it bounded), and per
 * field fields.#.kind = random | sequence, fields.#.min / max (random
 * numbers), fields.#.max-past (random timestamps before now), fields.#.length
 * (random strings and bytes, default 100; collections, default 3),
 * fields.#.start / end (sequences; the source ends when a sequence does),
 * fields.#.null-rate. Random strings are hex, as Flink's. Parallel subtasks
 * split the rows and every sequence.
 */
#include <math.h>
#include <stdlib.h>

#include "connectors/connector.h"
#include "types/format.h"

typedef enum GenKind { GEN_RANDOM, GEN_SEQUENCE } GenKind;

typedef struct FieldGen {
    GenKind kind;
    const Type *type;
    bool has_min, has_max;
    double min, max;     /* random numbers */
    int64_t imin, imax;
    int64_t length;      /* strings, bytes, collections */
    int64_t max_past_ms; /* timestamps */
    int64_t start, end;  /* sequences */
    double null_rate;
} FieldGen;

typedef struct DatagenPlan {
    int ncols;
    const FieldGen *gens;
    int64_t rows;     /* -1: unbounded */
    int64_t rate;     /* rows per second over all subtasks */
} DatagenPlan;

typedef struct DatagenState {
    uint64_t rng;
    int64_t emitted, quota; /* quota: rows this subtask emits (-1 unbounded) */
    int64_t *seq_next, *seq_left; /* a sequence's next value and how many are left */
    int64_t seq_step;             /* the subtasks interleave: start + k, + parallelism, ... */
    int64_t start_ns;
    double rate;          /* this subtask's rows per second */
    Op *op;
} DatagenState;

static const char *const datagen_optional[] = {
    "rows-per-second", "number-of-rows", "scan.parallelism", "fields.#.kind", "fields.#.min", "fields.#.max",
    "fields.#.max-past", "fields.#.length", "fields.#.var-len", "fields.#.start", "fields.#.end",
    "fields.#.null-rate", NULL};

static uint64_t next_u64(uint64_t *s) {
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static double next_unit(uint64_t *s) { return (double)(next_u64(s) >> 11) / 9007199254740992.0; }

/* ---- planning ------------------------------------------------------------------ */

static const char *fopt(const TableDef *t, Arena *a, const char *field, const char *what) {
    const char *k = eddy__arena_printf(a, "fields.%s.%s", field, what);
    return k ? eddy__table_option(t, k) : NULL;
}

static eddy_status fopt_long(const TableDef *t, Arena *a, const char *field, const char *what, int64_t *out,
                             bool *present, EdErr *err) {
    const char *k = eddy__arena_printf(a, "fields.%s.%s", field, what);
    *present = eddy__table_option(t, k) != NULL;
    return eddy__option_long(t, k, *out, out, err);
}

static void int_range(const Type *t, int64_t *lo, int64_t *hi) {
    switch ((TypeRoot)t->root) {
    case TY_TINYINT: *lo = INT8_MIN, *hi = INT8_MAX; break;
    case TY_SMALLINT: *lo = INT16_MIN, *hi = INT16_MAX; break;
    case TY_INT: *lo = INT32_MIN, *hi = INT32_MAX; break;
    default: *lo = INT64_MIN, *hi = INT64_MAX; break;
    }
}

static eddy_status field_gen(const ConnectorCtx *cx, const char *name, const Type *t, FieldGen *g, EdErr *err) {
    const TableDef *d = cx->def;
    const char *kind = fopt(d, cx->a, name, "kind");
    g->type = t;
    g->kind = GEN_RANDOM;
    if (kind) {
        if (!strcmp(kind, "sequence")) g->kind = GEN_SEQUENCE;
        else if (strcmp(kind, "random"))
            return eddy__err(err, EDDY_E_VALIDATION, "Unsupported generator kind: %s", kind);
    }
    bool present;
    eddy_status rc;
    g->length = eddy__type_is_string(t) || eddy__type_is_binary(t) ? 100 : 3;
    if ((rc = fopt_long(d, cx->a, name, "length", &g->length, &present, err))) return rc;
    if ((eddy__type_is_string(t) || eddy__type_is_binary(t)) && t->length < g->length) g->length = t->length;
    if (g->length < 0) return eddy__err(err, EDDY_E_VALIDATION, "The length of field '%s' must not be negative.", name);
    g->max_past_ms = 0;
    const char *mp = fopt(d, cx->a, name, "max-past");
    if (mp) {
        /* durations: "5000", "5 s", "1 min", ... */
        char *end;
        double v = strtod(mp, &end);
        while (*end == ' ') end++;
        double unit = 1;
        if (!*end || !strcmp(end, "ms")) unit = 1;
        else if (!strcmp(end, "s") || !strcmp(end, "sec")) unit = 1000;
        else if (!strcmp(end, "min")) unit = 60000;
        else if (!strcmp(end, "h")) unit = 3600000;
        else if (!strcmp(end, "d")) unit = 86400000;
        else
            return eddy__err(err, EDDY_E_VALIDATION, "Could not parse value '%s' for key 'fields.%s.max-past'.", mp,
                             name);
        g->max_past_ms = (int64_t)(v * unit);
    }
    const char *nr = fopt(d, cx->a, name, "null-rate");
    if (nr) {
        char *end;
        g->null_rate = strtod(nr, &end);
        if (*end || g->null_rate < 0 || g->null_rate > 1)
            return eddy__err(err, EDDY_E_VALIDATION, "Could not parse value '%s' for key 'fields.%s.null-rate'.", nr,
                             name);
    }
    if (g->kind == GEN_SEQUENCE) {
        if (!eddy__type_is_integer(t) && !eddy__type_is_string(t) && t->root != TY_DECIMAL &&
            !eddy__type_is_approx(t))
            return eddy__err(err, EDDY_E_VALIDATION, "Unsupported type: %s", eddy__type_str(cx->a, t));
        bool has_start, has_end;
        g->start = 0;
        g->end = 0;
        if ((rc = fopt_long(d, cx->a, name, "start", &g->start, &has_start, err)) ||
            (rc = fopt_long(d, cx->a, name, "end", &g->end, &has_end, err)))
            return rc;
        if (!has_start || !has_end)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Could not find required property 'fields.%s.%s' for sequence generator.", name,
                             has_start ? "end" : "start");
        if (g->end < g->start)
            return eddy__err(err, EDDY_E_VALIDATION, "The end of the sequence of field '%s' is before its start.",
                             name);
        return EDDY_OK;
    }
    /* random ranges */
    const char *mn = fopt(d, cx->a, name, "min"), *mx = fopt(d, cx->a, name, "max");
    int_range(t, &g->imin, &g->imax);
    if (eddy__type_is_integer(t)) {
        if ((rc = fopt_long(d, cx->a, name, "min", &g->imin, &present, err)) ||
            (rc = fopt_long(d, cx->a, name, "max", &g->imax, &present, err)))
            return rc;
        if (g->imax < g->imin)
            return eddy__err(err, EDDY_E_VALIDATION, "The max of field '%s' is smaller than its min.", name);
    } else {
        g->min = t->root == TY_DECIMAL ? -pow(10, t->precision - t->scale) + 1 : t->root == TY_FLOAT ? -3.4e38 : -1.7e308;
        g->max = -g->min;
        if (t->root == TY_DECIMAL && t->precision > 15) g->min = -1e15, g->max = 1e15;
        if (mn) g->min = strtod(mn, NULL), g->has_min = true;
        if (mx) g->max = strtod(mx, NULL), g->has_max = true;
    }
    return EDDY_OK;
}

static bool field_exists(const ConnectorCtx *cx, const char *name, size_t n) {
    for (int i = 0; i < cx->nphys; i++)
        if (strlen(cx->phys_names[i]) == n && !strncmp(cx->phys_names[i], name, n)) return true;
    return false;
}

extern const OpVtab eddy__op_datagen;

static eddy_status datagen_source(const ConnectorCtx *cx, SourceSpec *out, EdErr *err) {
    const TableDef *d = cx->def;
    /* every fields.X.* option must name a column */
    for (int i = 0; i < d->nopts; i++) {
        const char *k = d->opts[i].key;
        if (strncmp(k, "fields.", 7)) continue;
        const char *last = strrchr(k, '.');
        if (last <= k + 7 || !field_exists(cx, k + 7, (size_t)(last - (k + 7))))
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Unsupported options found for 'datagen'.\n\nUnsupported options:\n\n%s", k);
    }
    if (cx->nmeta)
        return eddy__err(err, EDDY_E_VALIDATION, "The datagen connector has no metadata column '%s'.", cx->meta_keys[0]);
    DatagenPlan *p = eddy__arena_alloc(cx->a, sizeof *p);
    FieldGen *g = eddy__arena_alloc(cx->a, sizeof(FieldGen) * (size_t)(cx->nphys ? cx->nphys : 1));
    if (!p || !g) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    bool all_seq = cx->nphys > 0;
    for (int i = 0; i < cx->nphys; i++) {
        eddy_status rc = field_gen(cx, cx->phys_names[i], cx->phys_types[i], &g[i], err);
        if (rc) return rc;
        if (g[i].kind != GEN_SEQUENCE) all_seq = false;
    }
    p->ncols = cx->nphys;
    p->gens = g;
    eddy_status rc = eddy__option_long(d, "number-of-rows", -1, &p->rows, err);
    if (!rc) rc = eddy__option_long(d, "rows-per-second", 10000, &p->rate, err);
    if (rc) return rc;
    if (p->rate <= 0) return eddy__err(err, EDDY_E_VALIDATION, "'rows-per-second' must be positive.");
    int64_t par = 0;
    if ((rc = eddy__option_long(d, "scan.parallelism", 0, &par, err))) return rc;
    out->vt = &eddy__op_datagen;
    out->plan = p;
    out->bounded = p->rows >= 0 || all_seq;
    out->parallelism = (int)par;
    out->changelog = CL_INSERT;
    out->name = "DataGenSource";
    return EDDY_OK;
}

/* ---- running ------------------------------------------------------------------- */

static eddy_status datagen_open(Op *op) {
    const DatagenPlan *p = op->plan;
    DatagenState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    s->op = op;
    s->rng = eddy__hash_u64((uint64_t)eddy__mono_ns() ^ ((uint64_t)op->subtask << 32) ^ (uint64_t)(uintptr_t)s) | 1;
    int par = op->parallelism, k = op->subtask;
    s->quota = p->rows < 0 ? -1 : p->rows / par + (k < p->rows % par ? 1 : 0);
    s->rate = (double)p->rate / par;
    s->seq_next = eddy__arena_alloc(op->arena, sizeof(int64_t) * (size_t)(p->ncols ? p->ncols : 1));
    s->seq_left = eddy__arena_alloc(op->arena, sizeof(int64_t) * (size_t)(p->ncols ? p->ncols : 1));
    if (!s->seq_next || !s->seq_left) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    s->seq_step = par;
    for (int c = 0; c < p->ncols; c++) {
        const FieldGen *g = &p->gens[c];
        if (g->kind != GEN_SEQUENCE) continue;
        /* subtask k takes start + k, start + k + par, ...: the same count of
         * values as its share of number-of-rows, so no row is lost */
        __extension__ unsigned __int128 total = (unsigned __int128)((__int128)g->end - g->start) + 1;
        __extension__ unsigned __int128 count = total / (unsigned)par + (total % (unsigned)par > (unsigned)k ? 1 : 0);
        s->seq_next[c] = (int64_t)((__int128)g->start + k);
        s->seq_left[c] = count > (unsigned __int128)INT64_MAX ? INT64_MAX : (int64_t)count;
    }
    s->start_ns = eddy__mono_ns();
    op->state = s;
    return EDDY_OK;
}

static void hex_string(uint64_t *rng, char *o, size_t n) {
    static const char hex[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) o[i] = hex[next_u64(rng) & 15];
}

/* Writes one generated value of type t into v at slot r. */
static void gen_value(DatagenState *s, const FieldGen *g, const Type *t, Vector *v, uint32_t r, int64_t seq) {
    uint64_t *rng = &s->rng;
    if (g->null_rate > 0 && next_unit(rng) < g->null_rate) {
        eddy__vec_set_null(v, r);
        return;
    }
    vec_set_valid(v, r);
    if (g->kind == GEN_SEQUENCE) {
        if (eddy__type_is_string(t)) {
            char buf[32];
            int n = snprintf(buf, sizeof buf, "%lld", (long long)seq);
            eddy__vec_set_str(v, r, buf, (size_t)n);
        } else if (t->root == TY_DECIMAL) {
            VEC_DATA(v, ed_i128)[r] = (ed_i128)seq * eddy__i128_pow10(t->scale);
        } else if (eddy__type_is_approx(t)) {
            if (t->root == TY_FLOAT) VEC_DATA(v, float)[r] = (float)seq;
            else VEC_DATA(v, double)[r] = (double)seq;
        } else {
            switch (v->phys) {
            case PH_I8: VEC_DATA(v, int8_t)[r] = (int8_t)seq; break;
            case PH_I16: VEC_DATA(v, int16_t)[r] = (int16_t)seq; break;
            case PH_I32: VEC_DATA(v, int32_t)[r] = (int32_t)seq; break;
            default: VEC_DATA(v, int64_t)[r] = seq; break;
            }
        }
        return;
    }
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: VEC_DATA(v, uint8_t)[r] = next_u64(rng) & 1; break;
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT: {
        __extension__ unsigned __int128 span = (unsigned __int128)((__int128)g->imax - g->imin) + 1;
        int64_t x = (int64_t)((__int128)g->imin + (__int128)(next_u64(rng) % span));
        if (t->root == TY_TINYINT) VEC_DATA(v, int8_t)[r] = (int8_t)x;
        else if (t->root == TY_SMALLINT) VEC_DATA(v, int16_t)[r] = (int16_t)x;
        else if (t->root == TY_INT) VEC_DATA(v, int32_t)[r] = (int32_t)x;
        else VEC_DATA(v, int64_t)[r] = x;
        break;
    }
    case TY_FLOAT: VEC_DATA(v, float)[r] = (float)(g->min + next_unit(rng) * (g->max - g->min)); break;
    case TY_DOUBLE: VEC_DATA(v, double)[r] = g->min + next_unit(rng) * (g->max / 2 - g->min / 2) * 2; break;
    case TY_DECIMAL: {
        double x = g->min + next_unit(rng) * (g->max - g->min);
        VEC_DATA(v, ed_i128)[r] = (ed_i128)llround(x * pow(10, t->scale));
        break;
    }
    case TY_CHAR:
    case TY_VARCHAR: {
        char *o = eddy__vec_str_reserve(v, r, (size_t)g->length);
        if (o) hex_string(rng, o, (size_t)g->length);
        break;
    }
    case TY_BINARY:
    case TY_VARBINARY: {
        char *o = eddy__vec_str_reserve(v, r, (size_t)g->length);
        for (int64_t i = 0; o && i < g->length; i++) o[i] = (char)next_u64(rng);
        break;
    }
    case TY_DATE: VEC_DATA(v, int32_t)[r] = (int32_t)(eddy__wall_ms() / 86400000); break;
    case TY_TIME: VEC_DATA(v, int32_t)[r] = (int32_t)(eddy__wall_ms() % 86400000); break;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        int64_t past = g->max_past_ms > 0 ? (int64_t)(next_u64(rng) % (uint64_t)g->max_past_ms) : 0;
        VEC_DATA(v, Ts)[r] = (Ts){eddy__wall_ms() - past, 0};
        break;
    }
    case TY_ARRAY:
    case TY_MULTISET:
    case TY_MAP: {
        uint32_t n = (uint32_t)g->length;
        uint32_t off = eddy__vec_list_append(v, n);
        FieldGen eg = *g;
        eg.null_rate = 0;
        eg.length = 100;
        for (uint32_t i = 0; i < n && !v->failed; i++) {
            const Type *et = v->child[0]->type;
            FieldGen e2 = eg;
            int_range(et, &e2.imin, &e2.imax);
            e2.min = -1e6, e2.max = 1e6;
            gen_value(s, &e2, et, v->child[0], off + i, 0);
            if (v->nchild > 1) {
                const Type *vt = v->child[1]->type;
                int_range(vt, &e2.imin, &e2.imax);
                if (t->root == TY_MULTISET) {
                    VEC_DATA(v->child[1], int32_t)[off + i] = 1;
                    vec_set_valid(v->child[1], off + i);
                } else {
                    gen_value(s, &e2, vt, v->child[1], off + i, 0);
                }
            }
        }
        VEC_DATA(v, ListEntry)[r] = (ListEntry){off, n};
        break;
    }
    case TY_ROW: {
        for (int f = 0; f < t->nfields; f++) {
            FieldGen fg = {.kind = GEN_RANDOM, .type = t->fields[f].type, .length = 100};
            int_range(fg.type, &fg.imin, &fg.imax);
            fg.min = -1e6, fg.max = 1e6;
            gen_value(s, &fg, fg.type, v->child[f], r, 0);
        }
        break;
    }
    default: eddy__vec_set_null(v, r); break;
    }
}

static eddy_status datagen_produce(Op *op) {
    const DatagenPlan *p = op->plan;
    DatagenState *s = op->state;
    int64_t left = s->quota < 0 ? INT64_MAX : s->quota - s->emitted;
    /* sequences end the source when one runs out */
    for (int c = 0; c < p->ncols; c++)
        if (p->gens[c].kind == GEN_SEQUENCE) {
            if (s->seq_left[c] < left) left = s->seq_left[c];
        }
    if (left <= 0) return EDDY_DONE;
    /* throttle to rows-per-second */
    double elapsed = (double)(eddy__mono_ns() - s->start_ns) / 1e9;
    double allowed = s->rate * elapsed + 1 - (double)s->emitted;
    if (allowed < 1) return EDDY_ROW;
    int64_t n = left;
    if ((double)n > allowed) n = (int64_t)allowed;
    if (n > (int64_t)op->batch_size) n = op->batch_size;
    Batch *b = eddy__batch_new_typed(p->ncols, op->node->col_types, (uint32_t)n);
    if (!b) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    for (int c = 0; c < p->ncols; c++) {
        const FieldGen *g = &p->gens[c];
        for (int64_t i = 0; i < n; i++)
            gen_value(s, g, g->type, b->cols[c], (uint32_t)i,
                      (int64_t)((uint64_t)s->seq_next[c] + (uint64_t)i * (uint64_t)s->seq_step));
        if (g->kind == GEN_SEQUENCE) {
            s->seq_next[c] = (int64_t)((uint64_t)s->seq_next[c] + (uint64_t)n * (uint64_t)s->seq_step);
            s->seq_left[c] -= n;
        }
        if (b->cols[c]->failed) {
            eddy__batch_release(b);
            return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
    }
    b->n = b->count = (uint32_t)n;
    s->emitted += n;
    eddy_status rc = eddy__op_emit(op, b);
    eddy__batch_release(b);
    return rc;
}

/* The position: rows emitted, then each column's sequence state (next,
 * left). Random columns start a new random stream after a restore. */
static eddy_status datagen_position(Op *op, Buf *out) {
    const DatagenPlan *p = op->plan;
    const DatagenState *s = op->state;
    eddy__op_position_i64(out, &s->emitted, 1);
    for (int c = 0; c < p->ncols; c++) {
        int64_t v[2] = {s->seq_next[c], s->seq_left[c]};
        eddy__op_position_i64(out, v, 2);
    }
    return EDDY_OK;
}

static eddy_status datagen_seek(Op *op, const void *pos, size_t len) {
    const DatagenPlan *p = op->plan;
    DatagenState *s = op->state;
    size_t n = 1 + 2 * (size_t)p->ncols;
    int64_t *v = eddy__arena_alloc(op->arena, n * sizeof *v);
    if (!v) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    eddy_status rc = eddy__op_seek_i64(op, pos, len, v, n);
    if (rc) return rc;
    s->emitted = v[0];
    for (int c = 0; c < p->ncols; c++) s->seq_next[c] = v[1 + 2 * c], s->seq_left[c] = v[2 + 2 * c];
    /* the rate continues from the rows emitted */
    if (s->rate > 0) s->start_ns = eddy__mono_ns() - (int64_t)((double)s->emitted / s->rate * 1e9);
    return EDDY_OK;
}

const OpVtab eddy__op_datagen = {.name = "Source: DataGenSource",
                                 .open = datagen_open,
                                 .produce = datagen_produce,
                                 .position = datagen_position,
                                 .seek = datagen_seek};

const Connector eddy__connector_datagen = {
    .name = "datagen",
    .optional = datagen_optional,
    .source = datagen_source,
};
