/*
 * types.c -- building, parsing and printing Flink logical types, and the
 * relations between them (equality, implicit and explicit casts, common
 * types). Parsing follows Flink's LogicalTypeParser grammar; printing follows
 * LogicalType.asSummaryString, so a parsed type prints back as Flink would.
 */
#include "types/types.h"

#include <ctype.h>
#include <stdlib.h>

/* ---- built-in atomic types --------------------------------------------- */

#define BASIC(r) {{.root = r, .nullable = false}, {.root = r, .nullable = true}}
static const Type basic_types[][2] = {
    [TY_NULL] = {{.root = TY_NULL, .nullable = true}, {.root = TY_NULL, .nullable = true}},
    [TY_BOOLEAN] = BASIC(TY_BOOLEAN),
    [TY_TINYINT] = BASIC(TY_TINYINT),
    [TY_SMALLINT] = BASIC(TY_SMALLINT),
    [TY_INT] = BASIC(TY_INT),
    [TY_BIGINT] = BASIC(TY_BIGINT),
    [TY_FLOAT] = BASIC(TY_FLOAT),
    [TY_DOUBLE] = BASIC(TY_DOUBLE),
    [TY_DATE] = BASIC(TY_DATE),
};
static const Type string_types[2] = {{.root = TY_VARCHAR, .nullable = false, .length = TY_MAX_LENGTH},
                                     {.root = TY_VARCHAR, .nullable = true, .length = TY_MAX_LENGTH}};
static const Type bytes_types[2] = {{.root = TY_VARBINARY, .nullable = false, .length = TY_MAX_LENGTH},
                                    {.root = TY_VARBINARY, .nullable = true, .length = TY_MAX_LENGTH}};

const Type *eddy__type_basic(TypeRoot root, bool nullable) {
    if (root >= ED_ARRAY_LEN(basic_types) || (root != TY_NULL && basic_types[root][0].root != root)) return NULL;
    return &basic_types[root][nullable ? 1 : 0];
}

const Type *eddy__type_string(bool nullable) { return &string_types[nullable ? 1 : 0]; }
const Type *eddy__type_bytes(bool nullable) { return &bytes_types[nullable ? 1 : 0]; }

/* ---- constructors ------------------------------------------------------- */

Type *eddy__type_new(Arena *a, TypeRoot root, bool nullable) {
    Type *t = eddy__arena_alloc(a, sizeof *t);
    if (!t) return NULL;
    t->root = (uint8_t)root;
    t->nullable = root == TY_NULL ? true : nullable;
    return t;
}

static const Type *sized(Arena *a, TypeRoot root, int32_t len, bool nullable) {
    Type *t = eddy__type_new(a, root, nullable);
    if (t) t->length = len;
    return t;
}

const Type *eddy__type_varchar(Arena *a, int32_t len, bool nullable) {
    if (len == TY_MAX_LENGTH) return eddy__type_string(nullable);
    return sized(a, TY_VARCHAR, len, nullable);
}

const Type *eddy__type_char(Arena *a, int32_t len, bool nullable) { return sized(a, TY_CHAR, len, nullable); }

const Type *eddy__type_decimal(Arena *a, int p, int s, bool nullable) {
    Type *t = eddy__type_new(a, TY_DECIMAL, nullable);
    if (t) {
        t->precision = p;
        t->scale = s;
    }
    return t;
}

const Type *eddy__type_timestamp(Arena *a, TypeRoot root, int p, bool nullable) {
    Type *t = eddy__type_new(a, root, nullable);
    if (t) t->precision = p;
    return t;
}

const Type *eddy__type_interval(Arena *a, TypeRoot root, IntervalRes res, int prec, int frac, bool nullable) {
    Type *t = eddy__type_new(a, root, nullable);
    if (t) {
        t->ires = (uint8_t)res;
        t->precision = prec;
        t->scale = frac;
    }
    return t;
}

const Type *eddy__type_array(Arena *a, const Type *elem, bool nullable) {
    Type *t = eddy__type_new(a, TY_ARRAY, nullable);
    if (t) t->elem = elem;
    return t;
}

const Type *eddy__type_multiset(Arena *a, const Type *elem, bool nullable) {
    Type *t = eddy__type_new(a, TY_MULTISET, nullable);
    if (t) t->elem = elem;
    return t;
}

const Type *eddy__type_map(Arena *a, const Type *key, const Type *value, bool nullable) {
    Type *t = eddy__type_new(a, TY_MAP, nullable);
    if (t) {
        t->elem = key;
        t->value = value;
    }
    return t;
}

const Type *eddy__type_row(Arena *a, int n, const char *const *names, const Type *const *types, bool nullable) {
    Type *t = eddy__type_new(a, TY_ROW, nullable);
    Field *f = eddy__arena_alloc(a, sizeof(Field) * (size_t)(n ? n : 1));
    if (!t || !f) return NULL;
    for (int i = 0; i < n; i++) {
        f[i].name = eddy__arena_strdup(a, names[i]);
        f[i].type = types[i];
        f[i].c_null_offset = -1;
    }
    t->nfields = n;
    t->fields = f;
    return t;
}

const Type *eddy__type_with_nullable(Arena *a, const Type *t, bool nullable) {
    if (!t || t->nullable == nullable || t->root == TY_NULL) return t;
    if (t->timeattr == TA_NONE) {
        if (t->root < ED_ARRAY_LEN(basic_types) && basic_types[t->root][0].root == t->root && t->root != TY_NULL)
            return eddy__type_basic((TypeRoot)t->root, nullable);
        if (t->root == TY_VARCHAR && t->length == TY_MAX_LENGTH) return eddy__type_string(nullable);
        if (t->root == TY_VARBINARY && t->length == TY_MAX_LENGTH) return eddy__type_bytes(nullable);
    }
    Type *c = eddy__arena_dup(a, t, sizeof *t);
    if (c) c->nullable = nullable;
    return c;
}

const Type *eddy__type_with_timeattr(Arena *a, const Type *t, TimeAttr ta) {
    if (!t || t->timeattr == ta) return t;
    Type *c = eddy__arena_dup(a, t, sizeof *t);
    if (c) c->timeattr = (uint8_t)ta;
    return c;
}

/* ---- parsing ------------------------------------------------------------ */

typedef struct TP {
    Arena *a;
    const char *s;
    size_t n, pos;
    EdErr *err;
    /* current token */
    int tok; /* 'i' identifier/keyword, 'n' number, 's' string, or the char, 0 = end */
    size_t tstart, tlen;
    bool sql; /* SQL text: VARCHAR / VARBINARY without a length are unbounded */
} TP;

static void tp_next(TP *p) {
    while (p->pos < p->n && isspace((unsigned char)p->s[p->pos])) p->pos++;
    p->tstart = p->pos;
    if (p->pos >= p->n) {
        p->tok = 0;
        p->tlen = 0;
        return;
    }
    char c = p->s[p->pos];
    if (isalpha((unsigned char)c) || c == '_') {
        while (p->pos < p->n && (isalnum((unsigned char)p->s[p->pos]) || p->s[p->pos] == '_' || p->s[p->pos] == '$' ||
                                 p->s[p->pos] == '.'))
            p->pos++;
        p->tok = 'i';
    } else if (isdigit((unsigned char)c)) {
        while (p->pos < p->n && isdigit((unsigned char)p->s[p->pos])) p->pos++;
        p->tok = 'n';
    } else if (c == '`') {
        p->pos++;
        while (p->pos < p->n) {
            if (p->s[p->pos] == '`') {
                if (p->pos + 1 < p->n && p->s[p->pos + 1] == '`') {
                    p->pos += 2;
                    continue;
                }
                break;
            }
            p->pos++;
        }
        if (p->pos < p->n) p->pos++;
        p->tok = '`';
    } else if (c == '\'') {
        p->pos++;
        while (p->pos < p->n) {
            if (p->s[p->pos] == '\'') {
                if (p->pos + 1 < p->n && p->s[p->pos + 1] == '\'') {
                    p->pos += 2;
                    continue;
                }
                break;
            }
            p->pos++;
        }
        if (p->pos < p->n) p->pos++;
        p->tok = 's';
    } else {
        p->pos++;
        p->tok = c;
    }
    p->tlen = p->pos - p->tstart;
}

static eddy_status tp_fail(TP *p, const char *what) {
    if (p->tok == 0)
        return eddy__err(p->err, EDDY_E_PARSE, "Could not parse type at position %zu: %s expected, but end of input found.",
                         p->tstart + 1, what);
    return eddy__err(p->err, EDDY_E_PARSE, "Could not parse type at position %zu: %s expected, but '%.*s' found.",
                     p->tstart + 1, what, (int)p->tlen, p->s + p->tstart);
}

static bool tp_kw(TP *p, const char *kw) {
    if (p->tok == 'i' && eddy__strn_ieq(p->s + p->tstart, p->tlen, kw)) {
        tp_next(p);
        return true;
    }
    return false;
}

static bool tp_peek_kw(TP *p, const char *kw) { return p->tok == 'i' && eddy__strn_ieq(p->s + p->tstart, p->tlen, kw); }

static bool tp_char(TP *p, int c) {
    if (p->tok == c) {
        tp_next(p);
        return true;
    }
    return false;
}

static eddy_status tp_number(TP *p, int64_t *out) {
    if (p->tok != 'n') return tp_fail(p, "a number");
    int64_t v = 0;
    for (size_t i = 0; i < p->tlen; i++) {
        v = v * 10 + (p->s[p->tstart + i] - '0');
        if (v > 2147483647) return eddy__err(p->err, EDDY_E_PARSE, "Could not parse type: number out of range.");
    }
    *out = v;
    tp_next(p);
    return EDDY_OK;
}

/* Optional "(n)"; returns def when absent. */
static eddy_status tp_opt_len(TP *p, int64_t def, int64_t *out) {
    *out = def;
    if (!tp_char(p, '(')) return EDDY_OK;
    eddy_status rc = tp_number(p, out);
    if (rc) return rc;
    if (!tp_char(p, ')')) return tp_fail(p, "')'");
    return EDDY_OK;
}

static char *tp_unquote(TP *p, char q) {
    /* token text without the quotes, doubled quotes collapsed */
    const char *s = p->s + p->tstart + 1;
    size_t n = p->tlen >= 2 ? p->tlen - 2 : 0;
    char *d = eddy__arena_alloc(p->a, n + 1);
    if (!d) return NULL;
    eddy__str_undouble(d, s, n, q);
    return d;
}

static eddy_status tp_type(TP *p, const Type **out);

static eddy_status tp_check_len(TP *p, const char *name, int64_t len, int64_t min) {
    if (len < min)
        return eddy__err(p->err, EDDY_E_VALIDATION, "%s string length must be between %d and %d (both inclusive).",
                         name, (int)min, TY_MAX_LENGTH);
    return EDDY_OK;
}

static eddy_status tp_time_prec(TP *p, const char *name, int64_t prec) {
    if (prec < 0 || prec > 9)
        return eddy__err(p->err, EDDY_E_VALIDATION, "%s precision must be between 0 and 9 (both inclusive).", name);
    return EDDY_OK;
}

/* INTERVAL ... : the units after INTERVAL. */
static eddy_status tp_interval(TP *p, Type **out) {
    int64_t prec = 0, frac = 6;
    eddy_status rc;
    Type *t;
    if (tp_kw(p, "YEAR")) {
        if ((rc = tp_opt_len(p, 2, &prec))) return rc;
        IntervalRes r = IR_YEAR;
        if (tp_kw(p, "TO")) {
            if (!tp_kw(p, "MONTH")) return tp_fail(p, "MONTH");
            r = IR_YEAR_TO_MONTH;
        }
        t = eddy__type_new(p->a, TY_INTERVAL_YM, true);
        if (!t) return EDDY_E_NOMEM;
        t->ires = (uint8_t)r;
        t->precision = (int32_t)prec;
    } else if (tp_kw(p, "MONTH")) {
        t = eddy__type_new(p->a, TY_INTERVAL_YM, true);
        if (!t) return EDDY_E_NOMEM;
        t->ires = IR_MONTH;
        t->precision = 2;
    } else {
        IntervalRes start;
        if (tp_kw(p, "DAY")) start = IR_DAY;
        else if (tp_kw(p, "HOUR")) start = IR_HOUR;
        else if (tp_kw(p, "MINUTE")) start = IR_MINUTE;
        else if (tp_kw(p, "SECOND")) start = IR_SECOND;
        else return tp_fail(p, "an interval unit");
        prec = 2;
        if (start == IR_DAY) {
            if ((rc = tp_opt_len(p, 2, &prec))) return rc;
        } else if (start == IR_SECOND) {
            if ((rc = tp_opt_len(p, 6, &frac))) return rc;
        }
        IntervalRes r = start;
        if (start != IR_SECOND && tp_kw(p, "TO")) {
            if (tp_kw(p, "HOUR") && start == IR_DAY) r = IR_DAY_TO_HOUR;
            else if (p->tok == 'i' && tp_kw(p, "MINUTE") && (start == IR_DAY || start == IR_HOUR))
                r = start == IR_DAY ? IR_DAY_TO_MINUTE : IR_HOUR_TO_MINUTE;
            else if (tp_kw(p, "SECOND")) {
                r = start == IR_DAY ? IR_DAY_TO_SECOND : start == IR_HOUR ? IR_HOUR_TO_SECOND : IR_MINUTE_TO_SECOND;
                if ((rc = tp_opt_len(p, 6, &frac))) return rc;
            } else
                return tp_fail(p, "an interval unit");
        }
        t = eddy__type_new(p->a, TY_INTERVAL_DT, true);
        if (!t) return EDDY_E_NOMEM;
        t->ires = (uint8_t)r;
        t->precision = (int32_t)prec;
        t->scale = (int32_t)frac;
    }
    *out = t;
    return EDDY_OK;
}

/* ROW<name type ['desc'], ...> or ROW(name type, ...) */
static eddy_status tp_row(TP *p, Type **out) {
    int close;
    if (tp_char(p, '<')) close = '>';
    else if (tp_char(p, '(')) close = ')';
    else return tp_fail(p, "'<' or '('");
    ED_VEC(Field) fs = {0};
    eddy_status rc = EDDY_OK;
    if (!tp_char(p, close)) {
        for (;;) {
            Field f = {0};
            f.c_null_offset = -1;
            if (p->tok == 'i') {
                f.name = eddy__arena_strndup(p->a, p->s + p->tstart, p->tlen);
                tp_next(p);
            } else if (p->tok == '`') {
                f.name = tp_unquote(p, '`');
                tp_next(p);
            } else {
                rc = tp_fail(p, "a field name");
                break;
            }
            if ((rc = tp_type(p, &f.type))) break;
            if (p->tok == 's') {
                f.desc = tp_unquote(p, '\'');
                tp_next(p);
            }
            for (size_t i = 0; i < fs.len; i++)
                if (strcmp(fs.items[i].name, f.name) == 0) {
                    rc = eddy__err(p->err, EDDY_E_VALIDATION, "Field names must be unique. Found duplicates: [%s]",
                                   f.name);
                    break;
                }
            if (rc) break;
            if (!ed_vec_push(&fs, f)) {
                rc = EDDY_E_NOMEM;
                break;
            }
            if (tp_char(p, ',')) continue;
            if (tp_char(p, close)) break;
            rc = tp_fail(p, close == '>' ? "',' or '>'" : "',' or ')'");
            break;
        }
    }
    if (rc) {
        ed_vec_free(&fs);
        return rc;
    }
    Type *t = eddy__type_new(p->a, TY_ROW, true);
    Field *arr = eddy__arena_alloc(p->a, sizeof(Field) * (fs.len ? fs.len : 1));
    if (arr && fs.len) memcpy(arr, fs.items, sizeof(Field) * fs.len);
    if (!t || !arr) {
        ed_vec_free(&fs);
        return EDDY_E_NOMEM;
    }
    t->nfields = (int32_t)fs.len;
    t->fields = arr;
    ed_vec_free(&fs);
    *out = t;
    return EDDY_OK;
}

static eddy_status tp_base(TP *p, Type **out) {
    eddy_status rc;
    int64_t n1 = 0, n2 = 0;
    Type *t = NULL;
    if (p->tok != 'i') return tp_fail(p, "a type");
#define KW(k) tp_kw(p, k)
    if (KW("CHAR") || KW("CHARACTER")) {
        if (KW("VARYING")) goto varchar;
        if ((rc = tp_opt_len(p, 1, &n1)) || (rc = tp_check_len(p, "Character", n1, 1))) return rc;
        t = eddy__type_new(p->a, TY_CHAR, true);
        if (t) t->length = (int32_t)n1;
    } else if (KW("VARCHAR")) {
    varchar:
        if ((rc = tp_opt_len(p, p->sql ? TY_MAX_LENGTH : 1, &n1)) || (rc = tp_check_len(p, "Variable character", n1, 1))) return rc;
        t = eddy__type_new(p->a, TY_VARCHAR, true);
        if (t) t->length = (int32_t)n1;
    } else if (KW("STRING")) {
        t = eddy__type_new(p->a, TY_VARCHAR, true);
        if (t) t->length = TY_MAX_LENGTH;
    } else if (KW("BOOLEAN")) {
        t = eddy__type_new(p->a, TY_BOOLEAN, true);
    } else if (KW("BINARY")) {
        if (KW("VARYING")) goto varbinary;
        if ((rc = tp_opt_len(p, 1, &n1)) || (rc = tp_check_len(p, "Binary", n1, 1))) return rc;
        t = eddy__type_new(p->a, TY_BINARY, true);
        if (t) t->length = (int32_t)n1;
    } else if (KW("VARBINARY")) {
    varbinary:
        if ((rc = tp_opt_len(p, p->sql ? TY_MAX_LENGTH : 1, &n1)) || (rc = tp_check_len(p, "Variable binary", n1, 1))) return rc;
        t = eddy__type_new(p->a, TY_VARBINARY, true);
        if (t) t->length = (int32_t)n1;
    } else if (KW("BYTES")) {
        t = eddy__type_new(p->a, TY_VARBINARY, true);
        if (t) t->length = TY_MAX_LENGTH;
    } else if (KW("DECIMAL") || KW("DEC") || KW("NUMERIC")) {
        n1 = 10;
        n2 = 0;
        if (tp_char(p, '(')) {
            if ((rc = tp_number(p, &n1))) return rc;
            if (tp_char(p, ',')) {
                if ((rc = tp_number(p, &n2))) return rc;
            }
            if (!tp_char(p, ')')) return tp_fail(p, "')'");
        }
        if (n1 < 1 || n1 > TY_DECIMAL_MAX_PRECISION)
            return eddy__err(p->err, EDDY_E_VALIDATION,
                             "Decimal precision must be between 1 and 38 (both inclusive).");
        if (n2 < 0 || n2 > n1)
            return eddy__err(p->err, EDDY_E_VALIDATION,
                             "Decimal scale must be between 0 and the precision %d (both inclusive).", (int)n1);
        t = eddy__type_new(p->a, TY_DECIMAL, true);
        if (t) {
            t->precision = (int32_t)n1;
            t->scale = (int32_t)n2;
        }
    } else if (KW("TINYINT")) {
        t = eddy__type_new(p->a, TY_TINYINT, true);
    } else if (KW("SMALLINT")) {
        t = eddy__type_new(p->a, TY_SMALLINT, true);
    } else if (KW("INT") || KW("INTEGER")) {
        t = eddy__type_new(p->a, TY_INT, true);
    } else if (KW("BIGINT")) {
        t = eddy__type_new(p->a, TY_BIGINT, true);
    } else if (KW("FLOAT") || KW("REAL")) {
        t = eddy__type_new(p->a, TY_FLOAT, true);
    } else if (KW("DOUBLE")) {
        (void)KW("PRECISION");
        t = eddy__type_new(p->a, TY_DOUBLE, true);
    } else if (KW("DATE")) {
        t = eddy__type_new(p->a, TY_DATE, true);
    } else if (KW("TIME")) {
        if ((rc = tp_opt_len(p, 0, &n1)) || (rc = tp_time_prec(p, "Time", n1))) return rc;
        if (KW("WITHOUT")) {
            if (!KW("TIME") || !KW("ZONE")) return tp_fail(p, "TIME ZONE");
        }
        t = eddy__type_new(p->a, TY_TIME, true);
        if (t) t->precision = (int32_t)n1;
    } else if (KW("TIMESTAMP")) {
        if ((rc = tp_opt_len(p, 6, &n1)) || (rc = tp_time_prec(p, "Timestamp", n1))) return rc;
        TypeRoot r = TY_TIMESTAMP;
        if (KW("WITHOUT")) {
            if (!KW("TIME") || !KW("ZONE")) return tp_fail(p, "TIME ZONE");
        } else if (KW("WITH")) {
            if (KW("LOCAL")) {
                if (!KW("TIME") || !KW("ZONE")) return tp_fail(p, "TIME ZONE");
                r = TY_TIMESTAMP_LTZ;
            } else {
                return eddy__err(p->err, EDDY_E_UNSUPPORTED,
                                 "The type TIMESTAMP WITH TIME ZONE is not supported yet; use TIMESTAMP_LTZ.");
            }
        }
        t = eddy__type_new(p->a, r, true);
        if (t) t->precision = (int32_t)n1;
    } else if (KW("TIMESTAMP_LTZ")) {
        if ((rc = tp_opt_len(p, 6, &n1)) || (rc = tp_time_prec(p, "Timestamp", n1))) return rc;
        t = eddy__type_new(p->a, TY_TIMESTAMP_LTZ, true);
        if (t) t->precision = (int32_t)n1;
    } else if (KW("INTERVAL")) {
        if ((rc = tp_interval(p, &t))) return rc;
    } else if (KW("ARRAY") || tp_peek_kw(p, "MULTISET")) {
        bool ms = tp_kw(p, "MULTISET");
        if (!tp_char(p, '<')) return tp_fail(p, "'<'");
        const Type *e;
        if ((rc = tp_type(p, &e))) return rc;
        if (!tp_char(p, '>')) return tp_fail(p, "'>'");
        t = eddy__type_new(p->a, ms ? TY_MULTISET : TY_ARRAY, true);
        if (t) t->elem = e;
    } else if (KW("MAP")) {
        if (!tp_char(p, '<')) return tp_fail(p, "'<'");
        const Type *k, *v;
        if ((rc = tp_type(p, &k))) return rc;
        if (!tp_char(p, ',')) return tp_fail(p, "','");
        if ((rc = tp_type(p, &v))) return rc;
        if (!tp_char(p, '>')) return tp_fail(p, "'>'");
        t = eddy__type_new(p->a, TY_MAP, true);
        if (t) {
            t->elem = k;
            t->value = v;
        }
    } else if (KW("ROW")) {
        if ((rc = tp_row(p, &t))) return rc;
    } else if (KW("RAW")) {
        if (!tp_char(p, '(')) return tp_fail(p, "'('");
        if (p->tok != 's') return tp_fail(p, "a class name string");
        char *cls = tp_unquote(p, '\'');
        tp_next(p);
        if (tp_char(p, ',')) {
            if (p->tok != 's') return tp_fail(p, "a serializer snapshot string");
            tp_next(p);
        }
        if (!tp_char(p, ')')) return tp_fail(p, "')'");
        t = eddy__type_new(p->a, TY_RAW, true);
        if (t) t->class_name = cls;
    } else if (KW("NULL")) {
        t = eddy__type_new(p->a, TY_NULL, true);
    } else {
        return eddy__err(p->err, EDDY_E_PARSE, "Could not parse type at position %zu: Unknown type '%.*s'.",
                         p->tstart + 1, (int)p->tlen, p->s + p->tstart);
    }
#undef KW
    if (!t) return EDDY_E_NOMEM;
    *out = t;
    return EDDY_OK;
}

static eddy_status tp_type(TP *p, const Type **out) {
    Type *t = NULL;
    eddy_status rc = tp_base(p, &t);
    if (rc) return rc;
    /* postfix ARRAY / MULTISET and nullability, in any combination */
    for (;;) {
        if (tp_peek_kw(p, "NOT")) {
            tp_next(p);
            if (!tp_kw(p, "NULL")) return tp_fail(p, "NULL");
            if (t->root == TY_NULL)
                return eddy__err(p->err, EDDY_E_VALIDATION, "The NULL type cannot be NOT NULL.");
            t->nullable = false;
        } else if (tp_peek_kw(p, "NULL")) {
            tp_next(p);
            t->nullable = true;
        } else if (tp_peek_kw(p, "ARRAY") || tp_peek_kw(p, "MULTISET")) {
            bool ms = tp_peek_kw(p, "MULTISET");
            tp_next(p);
            Type *w = eddy__type_new(p->a, ms ? TY_MULTISET : TY_ARRAY, true);
            if (!w) return EDDY_E_NOMEM;
            w->elem = t;
            t = w;
        } else {
            break;
        }
    }
    *out = t;
    return EDDY_OK;
}

eddy_status eddy__type_parse(Arena *a, const char *s, size_t n, size_t *consumed, const Type **out, EdErr *err) {
    return eddy__type_parse_ex(a, s, n, consumed, out, err, false);
}

eddy_status eddy__type_parse_ex(Arena *a, const char *s, size_t n, size_t *consumed, const Type **out, EdErr *err,
                                bool sql) {
    TP p = {.a = a, .s = s, .n = n, .err = err, .sql = sql};
    tp_next(&p);
    const Type *t;
    eddy_status rc = tp_type(&p, &t);
    if (rc) return rc == EDDY_E_NOMEM ? eddy__err(err, rc, "out of memory") : rc;
    if (consumed) {
        *consumed = p.tstart;
    } else if (p.tok != 0) {
        return eddy__err(err, EDDY_E_PARSE, "Could not parse type at position %zu: Unexpected token '%.*s'.",
                         p.tstart + 1, (int)p.tlen, p.s + p.tstart);
    }
    *out = t;
    return EDDY_OK;
}

/* ---- printing ----------------------------------------------------------- */

void eddy__print_ident(Buf *b, const char *name) {
    eddy__buf_putc(b, '`');
    for (const char *c = name; *c; c++) {
        if (*c == '`') eddy__buf_putc(b, '`');
        eddy__buf_putc(b, *c);
    }
    eddy__buf_putc(b, '`');
}

static const char *ires_names[][2] = {
    [IR_YEAR] = {"YEAR", ""},         [IR_YEAR_TO_MONTH] = {"YEAR", "MONTH"}, [IR_MONTH] = {"MONTH", ""},
    [IR_DAY] = {"DAY", ""},           [IR_DAY_TO_HOUR] = {"DAY", "HOUR"},     [IR_DAY_TO_MINUTE] = {"DAY", "MINUTE"},
    [IR_DAY_TO_SECOND] = {"DAY", "SECOND"}, [IR_HOUR] = {"HOUR", ""},         [IR_HOUR_TO_MINUTE] = {"HOUR", "MINUTE"},
    [IR_HOUR_TO_SECOND] = {"HOUR", "SECOND"}, [IR_MINUTE] = {"MINUTE", ""},   [IR_MINUTE_TO_SECOND] = {"MINUTE", "SECOND"},
    [IR_SECOND] = {"SECOND", ""},
};

static void print_interval(Buf *b, const Type *t) {
    const char *from = ires_names[t->ires][0], *to = ires_names[t->ires][1];
    eddy__buf_puts(b, "INTERVAL ");
    if (t->root == TY_INTERVAL_YM) {
        if (t->ires == IR_MONTH) eddy__buf_puts(b, "MONTH");
        else eddy__buf_printf(b, "YEAR(%d)%s", t->precision, t->ires == IR_YEAR_TO_MONTH ? " TO MONTH" : "");
        return;
    }
    if (t->ires == IR_SECOND) {
        eddy__buf_printf(b, "SECOND(%d)", t->scale);
        return;
    }
    if (t->ires <= IR_DAY_TO_SECOND) eddy__buf_printf(b, "DAY(%d)", t->precision);
    else eddy__buf_puts(b, from);
    if (*to) {
        eddy__buf_printf(b, " TO %s", to);
        if (strcmp(to, "SECOND") == 0) eddy__buf_printf(b, "(%d)", t->scale);
    }
}

/* mode: 0 the summary string, 1 SQL text, 2 SQL text with string and
 * binary lengths spelt out (LogicalType.asSerializableString). */
static void type_print(Buf *b, const Type *t, int sql) {
    switch ((TypeRoot)t->root) {
    case TY_NULL: eddy__buf_puts(b, "NULL"); return;
    case TY_BOOLEAN: eddy__buf_puts(b, "BOOLEAN"); break;
    case TY_TINYINT: eddy__buf_puts(b, "TINYINT"); break;
    case TY_SMALLINT: eddy__buf_puts(b, "SMALLINT"); break;
    case TY_INT: eddy__buf_puts(b, "INT"); break;
    case TY_BIGINT: eddy__buf_puts(b, "BIGINT"); break;
    case TY_FLOAT: eddy__buf_puts(b, "FLOAT"); break;
    case TY_DOUBLE: eddy__buf_puts(b, "DOUBLE"); break;
    case TY_DECIMAL: eddy__buf_printf(b, "DECIMAL(%d, %d)", t->precision, t->scale); break;
    case TY_CHAR: eddy__buf_printf(b, "CHAR(%d)", t->length); break;
    case TY_VARCHAR:
        if (t->length == TY_MAX_LENGTH && sql < 2) eddy__buf_puts(b, "STRING");
        else eddy__buf_printf(b, "VARCHAR(%d)", t->length);
        break;
    case TY_BINARY: eddy__buf_printf(b, "BINARY(%d)", t->length); break;
    case TY_VARBINARY:
        if (t->length == TY_MAX_LENGTH && sql < 2) eddy__buf_puts(b, "BYTES");
        else eddy__buf_printf(b, "VARBINARY(%d)", t->length);
        break;
    case TY_DATE: eddy__buf_puts(b, "DATE"); break;
    case TY_TIME: eddy__buf_printf(b, "TIME(%d)", t->precision); break;
    case TY_TIMESTAMP: eddy__buf_printf(b, "TIMESTAMP(%d)", t->precision); break;
    case TY_TIMESTAMP_LTZ:
        if (sql) eddy__buf_printf(b, "TIMESTAMP(%d) WITH LOCAL TIME ZONE", t->precision);
        else eddy__buf_printf(b, "TIMESTAMP_LTZ(%d)", t->precision);
        break;
    case TY_INTERVAL_YM:
    case TY_INTERVAL_DT: print_interval(b, t); break;
    case TY_ARRAY:
    case TY_MULTISET:
        eddy__buf_puts(b, t->root == TY_ARRAY ? "ARRAY<" : "MULTISET<");
        type_print(b, t->elem, sql);
        eddy__buf_putc(b, '>');
        break;
    case TY_MAP:
        eddy__buf_puts(b, "MAP<");
        type_print(b, t->elem, sql);
        eddy__buf_puts(b, ", ");
        type_print(b, t->value, sql);
        eddy__buf_putc(b, '>');
        break;
    case TY_ROW:
        eddy__buf_puts(b, "ROW<");
        for (int i = 0; i < t->nfields; i++) {
            if (i) eddy__buf_puts(b, ", ");
            eddy__print_ident(b, t->fields[i].name);
            eddy__buf_putc(b, ' ');
            type_print(b, t->fields[i].type, sql);
            if (t->fields[i].desc) {
                eddy__buf_puts(b, " '");
                for (const char *c = t->fields[i].desc; *c; c++) {
                    if (*c == '\'') eddy__buf_putc(b, '\'');
                    eddy__buf_putc(b, *c);
                }
                eddy__buf_putc(b, '\'');
            }
        }
        eddy__buf_putc(b, '>');
        break;
    case TY_STRUCTURED:
        eddy__buf_printf(b, "*%s<", t->class_name);
        for (int i = 0; i < t->nfields; i++) {
            if (i) eddy__buf_putc(b, ',');
            eddy__print_ident(b, t->fields[i].name);
            eddy__buf_putc(b, ' ');
            type_print(b, t->fields[i].type, sql);
        }
        eddy__buf_puts(b, ">*");
        break;
    case TY_RAW: eddy__buf_printf(b, "RAW('%s', '...')", t->class_name ? t->class_name : "?"); break;
    case TY_SYMBOL: eddy__buf_puts(b, "SYMBOL"); break;
    case TY__COUNT: break;
    }
    if (!t->nullable) eddy__buf_puts(b, " NOT NULL");
    if (!sql) {
        if (t->timeattr == TA_ROWTIME) eddy__buf_puts(b, " *ROWTIME*");
        else if (t->timeattr == TA_PROCTIME) eddy__buf_puts(b, " *PROCTIME*");
    }
}

void eddy__type_print(Buf *b, const Type *t) { type_print(b, t, 0); }
void eddy__type_print_sql(Buf *b, const Type *t) { type_print(b, t, 1); }
void eddy__type_print_serializable(Buf *b, const Type *t) { type_print(b, t, 2); }

const char *eddy__type_str(Arena *a, const Type *t) {
    Buf b;
    eddy__buf_init(&b);
    eddy__type_print(&b, t);
    const char *s = eddy__arena_strndup(a, eddy__buf_cstr(&b), b.len);
    eddy__buf_free(&b);
    return s;
}

/* ---- properties ---------------------------------------------------------- */

PhysKind eddy__type_phys(const Type *t) {
    switch ((TypeRoot)t->root) {
    case TY_NULL: return PH_NONE;
    case TY_BOOLEAN: return PH_BOOL;
    case TY_TINYINT: return PH_I8;
    case TY_SMALLINT: return PH_I16;
    case TY_INT:
    case TY_DATE:
    case TY_TIME:
    case TY_INTERVAL_YM: return PH_I32;
    case TY_BIGINT:
    case TY_INTERVAL_DT: return PH_I64;
    case TY_FLOAT: return PH_F32;
    case TY_DOUBLE: return PH_F64;
    case TY_DECIMAL: return PH_I128;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: return PH_TS;
    case TY_CHAR:
    case TY_VARCHAR:
    case TY_BINARY:
    case TY_VARBINARY: return PH_STR;
    case TY_ARRAY:
    case TY_MAP:
    case TY_MULTISET: return PH_LIST;
    case TY_ROW:
    case TY_STRUCTURED: return PH_STRUCT;
    case TY_RAW: return PH_RAW;
    case TY_SYMBOL: return PH_I32;
    case TY__COUNT: break;
    }
    return PH_NONE;
}

size_t eddy__phys_width(PhysKind k) {
    switch (k) {
    case PH_NONE: return 0;
    case PH_BOOL:
    case PH_I8: return 1;
    case PH_I16: return 2;
    case PH_I32:
    case PH_F32: return 4;
    case PH_I64:
    case PH_F64: return 8;
    case PH_I128: return 16;
    case PH_TS: return sizeof(int64_t) * 2;
    case PH_STR:
    case PH_RAW: return 16;
    case PH_LIST: return 8;
    case PH_STRUCT: return 0;
    }
    return 0;
}

bool eddy__type_is_numeric(const Type *t) { return t->root >= TY_TINYINT && t->root <= TY_DECIMAL; }
bool eddy__type_is_integer(const Type *t) { return t->root >= TY_TINYINT && t->root <= TY_BIGINT; }
bool eddy__type_is_approx(const Type *t) { return t->root == TY_FLOAT || t->root == TY_DOUBLE; }
bool eddy__type_is_string(const Type *t) { return t->root == TY_CHAR || t->root == TY_VARCHAR; }
bool eddy__type_is_binary(const Type *t) { return t->root == TY_BINARY || t->root == TY_VARBINARY; }
bool eddy__type_is_timestamp(const Type *t) { return t->root == TY_TIMESTAMP || t->root == TY_TIMESTAMP_LTZ; }
bool eddy__type_is_interval(const Type *t) { return t->root == TY_INTERVAL_YM || t->root == TY_INTERVAL_DT; }
bool eddy__type_is_composite(const Type *t) { return t->root == TY_ROW || t->root == TY_STRUCTURED; }

int eddy__type_int_digits(TypeRoot r) {
    switch (r) {
    case TY_TINYINT: return 3;
    case TY_SMALLINT: return 5;
    case TY_INT: return 10;
    case TY_BIGINT: return 19;
    default: return 0;
    }
}

bool eddy__type_equals(const Type *a, const Type *b, bool ignore_nullability, bool ignore_ta) {
    if (a == b) return true;
    if (!a || !b) return false;
    if (a->root != b->root) return false;
    if (!ignore_nullability && a->nullable != b->nullable) return false;
    if (!ignore_ta && a->timeattr != b->timeattr) return false;
    switch ((TypeRoot)a->root) {
    case TY_CHAR:
    case TY_VARCHAR:
    case TY_BINARY:
    case TY_VARBINARY: return a->length == b->length;
    case TY_DECIMAL: return a->precision == b->precision && a->scale == b->scale;
    case TY_TIME:
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: return a->precision == b->precision;
    case TY_INTERVAL_YM:
    case TY_INTERVAL_DT: return a->ires == b->ires && a->precision == b->precision && a->scale == b->scale;
    case TY_ARRAY:
    case TY_MULTISET: return eddy__type_equals(a->elem, b->elem, false, true);
    case TY_MAP:
        return eddy__type_equals(a->elem, b->elem, false, true) && eddy__type_equals(a->value, b->value, false, true);
    case TY_ROW:
    case TY_STRUCTURED:
        if (a->nfields != b->nfields) return false;
        if (a->root == TY_STRUCTURED && strcmp(a->class_name, b->class_name) != 0) return false;
        for (int i = 0; i < a->nfields; i++) {
            if (strcmp(a->fields[i].name, b->fields[i].name) != 0) return false;
            if (!eddy__type_equals(a->fields[i].type, b->fields[i].type, false, true)) return false;
        }
        return true;
    case TY_RAW: return a->raw == b->raw && strcmp(a->class_name ? a->class_name : "", b->class_name ? b->class_name : "") == 0;
    default: return true;
    }
}

/* Rank of a numeric type in the widening order
 * TINYINT < SMALLINT < INT < BIGINT < DECIMAL < FLOAT < DOUBLE. */
static int num_rank(const Type *t) {
    switch ((TypeRoot)t->root) {
    case TY_TINYINT: return 1;
    case TY_SMALLINT: return 2;
    case TY_INT: return 3;
    case TY_BIGINT: return 4;
    case TY_DECIMAL: return 5;
    case TY_FLOAT: return 6;
    case TY_DOUBLE: return 7;
    default: return 0;
    }
}

bool eddy__type_avoids_cast(const Type *from, const Type *to) {
    if (from->nullable && !to->nullable) return false;
    switch ((TypeRoot)to->root) {
    case TY_VARCHAR:
        /* CHAR and VARCHAR within bounds */
        if ((from->root == TY_CHAR || from->root == TY_VARCHAR) && from->length <= to->length) return true;
        break;
    case TY_VARBINARY:
        if ((from->root == TY_BINARY || from->root == TY_VARBINARY) && from->length <= to->length) return true;
        break;
    case TY_INTERVAL_YM:
        if (from->root == TY_INTERVAL_YM && from->precision <= to->precision) return true;
        break;
    case TY_INTERVAL_DT:
        if (from->root == TY_INTERVAL_DT && from->precision <= to->precision && from->scale <= to->scale) return true;
        break;
    default: break;
    }
    if (from->root != to->root) return false;
    switch ((TypeRoot)to->root) {
    case TY_ARRAY:
    case TY_MULTISET: return eddy__type_avoids_cast(from->elem, to->elem);
    case TY_MAP: return eddy__type_avoids_cast(from->elem, to->elem) && eddy__type_avoids_cast(from->value, to->value);
    case TY_ROW:
    case TY_STRUCTURED:
        if (from->nfields != to->nfields) return false;
        for (int i = 0; i < from->nfields; i++)
            if (!eddy__type_avoids_cast(from->fields[i].type, to->fields[i].type)) return false;
        return to->root == TY_ROW || eddy__type_equals(from, to, true, true);
    default: return eddy__type_equals(from, to, true, true);
    }
}

bool eddy__type_implicit_cast(const Type *from, const Type *to) {
    if (from->root == TY_NULL) return true;
    if (eddy__type_equals(from, to, true, true)) return true;
    if (eddy__type_is_numeric(from) && eddy__type_is_numeric(to)) {
        if (from->root == TY_DECIMAL && to->root == TY_DECIMAL) return true;
        /* Exact numerics widen to wider exact numerics, decimals and the
         * approximate types; FLOAT widens to DOUBLE. */
        if (to->root == TY_DECIMAL) return eddy__type_is_integer(from);
        return num_rank(from) <= num_rank(to);
    }
    if (eddy__type_is_string(from) && eddy__type_is_string(to)) return true;
    if (eddy__type_is_binary(from) && eddy__type_is_binary(to)) return true;
    if (from->root == TY_DATE && to->root == TY_TIMESTAMP) return true;
    if (eddy__type_is_timestamp(from) && eddy__type_is_timestamp(to)) return true;
    if (from->root == TY_TIME && to->root == TY_TIME) return true;
    if (eddy__type_is_interval(from) && from->root == to->root) return true;
    if ((from->root == TY_ARRAY || from->root == TY_MULTISET) && from->root == to->root)
        return eddy__type_implicit_cast(from->elem, to->elem);
    if (from->root == TY_MAP && to->root == TY_MAP)
        return eddy__type_implicit_cast(from->elem, to->elem) && eddy__type_implicit_cast(from->value, to->value);
    if (eddy__type_is_composite(from) && eddy__type_is_composite(to) && from->nfields == to->nfields) {
        for (int i = 0; i < from->nfields; i++)
            if (!eddy__type_implicit_cast(from->fields[i].type, to->fields[i].type)) return false;
        return true;
    }
    return false;
}

bool eddy__type_explicit_cast(const Type *from, const Type *to) {
    if (eddy__type_implicit_cast(from, to)) return true;
    TypeRoot f = (TypeRoot)from->root, t = (TypeRoot)to->root;
    bool fs = eddy__type_is_string(from), ts = eddy__type_is_string(to);
    /* Everything casts to a string; strings cast to every atomic type. */
    if (ts) return f != TY_RAW || true;
    if (fs) return t != TY_RAW && t != TY_ROW && t != TY_STRUCTURED && t != TY_MAP && t != TY_MULTISET;
    if (f == TY_BOOLEAN) return eddy__type_is_numeric(to);
    if (eddy__type_is_numeric(from)) {
        if (eddy__type_is_numeric(to) || t == TY_BOOLEAN) return true;
        if (eddy__type_is_timestamp(to)) return eddy__type_is_integer(from);
        if (eddy__type_is_interval(to)) return eddy__type_is_integer(from);
        return false;
    }
    if (eddy__type_is_timestamp(from)) {
        if (t == TY_DATE || t == TY_TIME || eddy__type_is_timestamp(to)) return true;
        if (eddy__type_is_integer(to) || t == TY_DECIMAL || eddy__type_is_approx(to)) return true;
        return false;
    }
    if (f == TY_DATE) return eddy__type_is_timestamp(to);
    if (f == TY_TIME) return t == TY_TIME || eddy__type_is_timestamp(to);
    if (eddy__type_is_interval(from)) return eddy__type_is_integer(to) || t == TY_DECIMAL;
    if (eddy__type_is_binary(from)) return eddy__type_is_binary(to);
    /* an opaque C value read as the struct it is (same size) */
    if (f == TY_RAW && t == TY_STRUCTURED) return from->c_size && from->c_size == to->c_size;
    if (f == TY_ROW || f == TY_STRUCTURED) {
        if ((t == TY_ROW || t == TY_STRUCTURED) && from->nfields == to->nfields) {
            for (int i = 0; i < from->nfields; i++)
                if (!eddy__type_explicit_cast(from->fields[i].type, to->fields[i].type)) return false;
            return true;
        }
        return false;
    }
    if (f == TY_ARRAY && t == TY_ARRAY) return eddy__type_explicit_cast(from->elem, to->elem);
    if (f == TY_MAP && t == TY_MAP)
        return eddy__type_explicit_cast(from->elem, to->elem) && eddy__type_explicit_cast(from->value, to->value);
    return false;
}

/* Decimal type that holds every value of an integer type. */
static void int_as_decimal(const Type *t, int *p, int *s) {
    if (t->root == TY_DECIMAL) {
        *p = t->precision;
        *s = t->scale;
    } else {
        *p = eddy__type_int_digits((TypeRoot)t->root);
        *s = 0;
    }
}

const Type *eddy__type_common(Arena *a, const Type *x, const Type *y) {
    bool nullable = x->nullable || y->nullable;
    if (x->root == TY_NULL) return eddy__type_with_nullable(a, y, true);
    if (y->root == TY_NULL) return eddy__type_with_nullable(a, x, true);
    if (eddy__type_equals(x, y, true, true)) return eddy__type_with_nullable(a, eddy__type_with_timeattr(a, x, TA_NONE), nullable);
    if (eddy__type_is_numeric(x) && eddy__type_is_numeric(y)) {
        int rx = num_rank(x), ry = num_rank(y);
        if (x->root == TY_DOUBLE || y->root == TY_DOUBLE) return eddy__type_basic(TY_DOUBLE, nullable);
        if (x->root == TY_FLOAT || y->root == TY_FLOAT) return eddy__type_basic(TY_FLOAT, nullable);
        if (x->root == TY_DECIMAL || y->root == TY_DECIMAL) {
            int px, sx, py, sy;
            int_as_decimal(x, &px, &sx);
            int_as_decimal(y, &py, &sy);
            int s = ED_MAX(sx, sy);
            int ip = ED_MAX(px - sx, py - sy);
            int p = ED_MIN(ip + s, TY_DECIMAL_MAX_PRECISION);
            return eddy__type_decimal(a, p, s, nullable);
        }
        return eddy__type_basic((TypeRoot)(rx >= ry ? x->root : y->root), nullable);
    }
    if (eddy__type_is_string(x) && eddy__type_is_string(y)) {
        int32_t len = ED_MAX(x->length, y->length);
        if (x->root == TY_CHAR && y->root == TY_CHAR && x->length == y->length) return eddy__type_char(a, len, nullable);
        return eddy__type_varchar(a, len, nullable);
    }
    if (eddy__type_is_binary(x) && eddy__type_is_binary(y)) {
        int32_t len = ED_MAX(x->length, y->length);
        Type *t = eddy__type_new(a, (x->root == TY_BINARY && y->root == TY_BINARY && x->length == y->length) ? TY_BINARY
                                                                                                          : TY_VARBINARY,
                                 nullable);
        if (t) t->length = len;
        if (t && t->root == TY_VARBINARY && len == TY_MAX_LENGTH) return eddy__type_bytes(nullable);
        return t;
    }
    if ((eddy__type_is_timestamp(x) || x->root == TY_DATE) && (eddy__type_is_timestamp(y) || y->root == TY_DATE)) {
        int p = ED_MAX(x->root == TY_DATE ? 0 : x->precision, y->root == TY_DATE ? 0 : y->precision);
        TypeRoot r = (x->root == TY_TIMESTAMP_LTZ || y->root == TY_TIMESTAMP_LTZ) ? TY_TIMESTAMP_LTZ : TY_TIMESTAMP;
        return eddy__type_timestamp(a, r, p, nullable);
    }
    if (x->root == TY_TIME && y->root == TY_TIME)
        return eddy__type_timestamp(a, TY_TIME, ED_MAX(x->precision, y->precision), nullable);
    if (x->root == y->root && eddy__type_is_interval(x)) return eddy__type_with_nullable(a, x->precision >= y->precision ? x : y, nullable);
    if ((x->root == TY_ARRAY || x->root == TY_MULTISET) && x->root == y->root) {
        const Type *e = eddy__type_common(a, x->elem, y->elem);
        if (!e) return NULL;
        return x->root == TY_ARRAY ? eddy__type_array(a, e, nullable) : eddy__type_multiset(a, e, nullable);
    }
    if (x->root == TY_MAP && y->root == TY_MAP) {
        const Type *k = eddy__type_common(a, x->elem, y->elem), *v = eddy__type_common(a, x->value, y->value);
        if (!k || !v) return NULL;
        return eddy__type_map(a, k, v, nullable);
    }
    if (x->root == TY_ROW && y->root == TY_ROW && x->nfields == y->nfields) {
        const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(x->nfields + 1));
        const Type **types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(x->nfields + 1));
        if (!names || !types) return NULL;
        for (int i = 0; i < x->nfields; i++) {
            names[i] = x->fields[i].name;
            types[i] = eddy__type_common(a, x->fields[i].type, y->fields[i].type);
            if (!types[i]) return NULL;
        }
        return eddy__type_row(a, x->nfields, names, types, nullable);
    }
    return NULL;
}

int eddy__type_column_count(const Type *t) { return eddy__type_is_composite(t) ? t->nfields : 1; }

const char *eddy__type_column_name(const Type *t, int i) {
    return eddy__type_is_composite(t) ? t->fields[i].name : "f0";
}

const Type *eddy__type_column_type(const Type *t, int i) { return eddy__type_is_composite(t) ? t->fields[i].type : t; }

int eddy__type_field_index(const Type *t, const char *name) {
    if (!eddy__type_is_composite(t)) return strcmp(name, "f0") == 0 ? 0 : -1;
    for (int i = 0; i < t->nfields; i++)
        if (strcmp(t->fields[i].name, name) == 0) return i;
    return -1;
}
