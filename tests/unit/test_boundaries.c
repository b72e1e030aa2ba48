/*
 * test_boundaries.c -- every built-in scalar function over the boundary
 * values of its argument types, so that an overflow (undefined behaviour,
 * which the suite's UBSan turns into an abort) or a crash in any function
 * is found, a function added later included.
 *
 * The functions come from the registry (eddy__fn_all). For each, the test
 * finds the argument types it accepts (binding calls over one representative
 * value per type), then evaluates calls where one argument, or two, take the
 * boundary values of their type: Long.MIN/MAX, Integer.MIN/MAX, the other
 * integer widths, DECIMAL(38) limits, DOUBLE extremes, NaN and infinities,
 * the first and last dates and timestamps, the longest intervals, odd
 * strings. Each call is parsed, bound, compiled (constants fold: the kernel
 * runs) and its value printed as SQL prints it. A call may fail, but with a
 * message; it must not crash or overflow. CAST and TRY_CAST of each value to
 * each type are swept the same way. Operators and the special syntax
 * (EXTRACT, FLOOR .. TO, TIMESTAMPADD, ...) are called through their forms
 * below; a registry function that binds in no form fails the test, so that
 * a new one cannot slip past it.
 *
 * EDDY_BOUNDARY_TRACE=1 prints each expression before it is evaluated (to
 * find the call behind a sanitizer report).
 */
#include <stdarg.h>

#include "expr/functions.h"
#include "plan/plan.h"
#include "sql/parser.h"
#include "test.h"
#include "types/datetime.h"
#include "types/format.h"

/* ---- values ------------------------------------------------------------------------------------ */

typedef struct TypeVals {
    const char *tag;
    const char *rep;            /* an ordinary value of the type */
    const char *const *bounds;  /* NULL-terminated boundary values */
} TypeVals;

static const char *const INT_B[] = {"0", "-1", "2147483647", "CAST(-2147483648 AS INT)", "CAST(-2147483647 AS INT)", NULL};
static const char *const BIGINT_B[] = {"CAST(0 AS BIGINT)", "CAST(-1 AS BIGINT)", "9223372036854775807",
                                       "CAST(-9223372036854775808 AS BIGINT)", "CAST(2147483648 AS BIGINT)",
                                       "CAST(-2147483649 AS BIGINT)", "CAST(253402300800000 AS BIGINT)", NULL};
static const char *const TINYINT_B[] = {"CAST(127 AS TINYINT)", "CAST(-128 AS TINYINT)", "CAST(0 AS TINYINT)", NULL};
static const char *const SMALLINT_B[] = {"CAST(32767 AS SMALLINT)", "CAST(-32768 AS SMALLINT)", NULL};
static const char *const DECIMAL_B[] = {"99999999999999999999999999999999999999",
                                        "-99999999999999999999999999999999999999",
                                        "0.99999999999999999999999999999999999999",
                                        "CAST(9999999999999999999999999999.9999999999 AS DECIMAL(38, 10))",
                                        "CAST(-9223372036854775809 AS DECIMAL(19, 0))",
                                        "CAST(0.000001 AS DECIMAL(38, 37))",
                                        "0.0",
                                        NULL};
static const char *const DOUBLE_B[] = {"1.7976931348623157E308", "-1.7976931348623157E308", "4.9E-324",
                                       "CAST('NaN' AS DOUBLE)", "CAST('Infinity' AS DOUBLE)",
                                       "CAST('-Infinity' AS DOUBLE)", "0E0", "9.223372036854775807E18",
                                       "-9.3E18", "2.147483648E9", "-2.1474836490E9", NULL};
static const char *const FLOAT_B[] = {"CAST(3.4028235E38 AS FLOAT)", "CAST(-3.4028235E38 AS FLOAT)",
                                      "CAST('NaN' AS FLOAT)", "CAST('Infinity' AS FLOAT)", NULL};
static const char *const BOOL_B[] = {"FALSE", NULL};
static const char *const STRING_B[] = {"''", "'2147483648'", "'-9223372036854775809'", "'1e400'",
                                       "'9999-12-31 23:59:59.999'", "'-1'", "'%2147483647d'", "'\xf4\x8f\xbf\xbf'",
                                       NULL};
static const char *const DATE_B[] = {"DATE '9999-12-31'", "DATE '0001-01-01'", "DATE '1970-01-01'", NULL};
static const char *const TIME_B[] = {"TIME '23:59:59.999'", "TIME '00:00:00'", NULL};
static const char *const TS_B[] = {"TIMESTAMP '9999-12-31 23:59:59.999999999'", "TIMESTAMP '0001-01-01 00:00:00'",
                                   "TIMESTAMP '1969-12-31 23:59:59.999'", NULL};
static const char *const LTZ_B[] = {"CAST(TIMESTAMP '9999-12-31 23:59:59.999' AS TIMESTAMP_LTZ(3))",
                                    "CAST(TIMESTAMP '0001-01-01 00:00:00' AS TIMESTAMP_LTZ(3))", NULL};
/* the longest literals (Integer.MAX_VALUE at precision 10, Integer.MAX_VALUE months) */
static const char *const IDT_B[] = {"INTERVAL '2147483647' DAY(10)", "INTERVAL '-2147483647 23:59:59.999' DAY(10) TO SECOND(3)",
                                    "INTERVAL '2147483647' SECOND(10, 9)", "INTERVAL '0' SECOND", NULL};
static const char *const IYM_B[] = {"INTERVAL '178956970-7' YEAR(9) TO MONTH", "INTERVAL '-178956970-8' YEAR(9) TO MONTH",
                                    "INTERVAL '0' MONTH", NULL};
static const char *const BYTES_B[] = {"X''", "X'FFFFFFFF'", NULL};
static const char *const ARRAY_B[] = {"ARRAY[2147483647, CAST(-2147483648 AS INT)]", NULL};
static const char *const ARRAY_STR_B[] = {"ARRAY['', CAST(NULL AS STRING)]", NULL};
static const char *const MAP_B[] = {"MAP['', 2147483647]", NULL};

static const TypeVals TYPES[] = {
    {"INT", "1", INT_B},
    {"BIGINT", "CAST(1 AS BIGINT)", BIGINT_B},
    {"DECIMAL", "1.5", DECIMAL_B},
    {"DOUBLE", "1.5E0", DOUBLE_B},
    {"STRING", "'a'", STRING_B},
    {"TIMESTAMP", "TIMESTAMP '2000-01-01 00:00:00'", TS_B},
    {"DATE", "DATE '2000-01-01'", DATE_B},
    {"INTERVAL_DT", "INTERVAL '1' DAY", IDT_B},
    {"INTERVAL_YM", "INTERVAL '1' MONTH", IYM_B},
    {"TIME", "TIME '12:00:00'", TIME_B},
    {"TIMESTAMP_LTZ", "CAST(TIMESTAMP '2000-01-01 00:00:00' AS TIMESTAMP_LTZ(3))", LTZ_B},
    {"TINYINT", "CAST(1 AS TINYINT)", TINYINT_B},
    {"SMALLINT", "CAST(1 AS SMALLINT)", SMALLINT_B},
    {"FLOAT", "CAST(1.5 AS FLOAT)", FLOAT_B},
    {"BOOLEAN", "TRUE", BOOL_B},
    {"BYTES", "X'01'", BYTES_B},
    {"ARRAY", "ARRAY[1]", ARRAY_B},
    {"ARRAY_STR", "ARRAY['a', 'b']", ARRAY_STR_B},
    {"MAP", "MAP['a', 1]", MAP_B},
};
#define NTYPES ((int)(sizeof TYPES / sizeof TYPES[0]))

/* ---- call forms -------------------------------------------------------------------------------- */

/* How a function is called in SQL: %1..%4 are its arguments, %U a unit. A
 * function without a form is called NAME(%1, ...) with up to 3 arguments. */
typedef struct Form {
    const char *name;
    const char *form;
    const char *const *units;
} Form;

static const char *const EXTRACT_UNITS[] = {"YEAR",  "QUARTER", "MONTH",       "WEEK",        "DAY",
                                            "HOUR",  "MINUTE",  "SECOND",      "MILLISECOND", "MICROSECOND",
                                            "NANOSECOND", "DOW", "DOY",        "EPOCH",       "CENTURY",
                                            "MILLENNIUM", "DECADE", "ISODOW",  "ISOYEAR",     NULL};
static const char *const FLOOR_UNITS[] = {"YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND",
                                          "MILLISECOND", "MILLENNIUM", "CENTURY", "DECADE", NULL};
static const char *const TRIM_UNITS[] = {"BOTH", "LEADING", "TRAILING", NULL};
static const char *const ADD_UNITS[] = {"YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND",
                                        "MILLISECOND", "MICROSECOND", "NANOSECOND", NULL};

static const Form FORMS[] = {
    {"+", "(%1) + (%2)", NULL},
    {"-", "(%1) - (%2)", NULL},
    {"*", "(%1) * (%2)", NULL},
    {"/", "(%1) / (%2)", NULL},
    {"%", "(%1) % (%2)", NULL},
    {"||", "(%1) || (%2)", NULL},
    {"MINUS_PREFIX", "-(%1)", NULL},
    {"PLUS_PREFIX", "+(%1)", NULL},
    {"=", "(%1) = (%2)", NULL},
    {"<>", "(%1) <> (%2)", NULL},
    {"<", "(%1) < (%2)", NULL},
    {"<=", "(%1) <= (%2)", NULL},
    {">", "(%1) > (%2)", NULL},
    {">=", "(%1) >= (%2)", NULL},
    {"AND", "(%1) AND (%2)", NULL},
    {"OR", "(%1) OR (%2)", NULL},
    {"NOT", "NOT (%1)", NULL},
    {"IS NULL", "(%1) IS NULL", NULL},
    {"IS NOT NULL", "(%1) IS NOT NULL", NULL},
    {"IS TRUE", "(%1) IS TRUE", NULL},
    {"IS NOT TRUE", "(%1) IS NOT TRUE", NULL},
    {"IS FALSE", "(%1) IS FALSE", NULL},
    {"IS NOT FALSE", "(%1) IS NOT FALSE", NULL},
    {"IS UNKNOWN", "(%1) IS UNKNOWN", NULL},
    {"IS NOT UNKNOWN", "(%1) IS NOT UNKNOWN", NULL},
    {"IS DISTINCT FROM", "(%1) IS DISTINCT FROM (%2)", NULL},
    {"IS NOT DISTINCT FROM", "(%1) IS NOT DISTINCT FROM (%2)", NULL},
    {"IN", "(%1) IN (%2, %3)", NULL},
    {"LIKE", "(%1) LIKE (%2)", NULL},
    {"SIMILAR", "(%1) SIMILAR TO (%2)", NULL},
    {"IS JSON VALUE", "(%1) IS JSON VALUE", NULL},
    {"IS NOT JSON VALUE", "(%1) IS NOT JSON VALUE", NULL},
    {"IS JSON SCALAR", "(%1) IS JSON SCALAR", NULL},
    {"IS NOT JSON SCALAR", "(%1) IS NOT JSON SCALAR", NULL},
    {"IS JSON ARRAY", "(%1) IS JSON ARRAY", NULL},
    {"IS NOT JSON ARRAY", "(%1) IS NOT JSON ARRAY", NULL},
    {"IS JSON OBJECT", "(%1) IS JSON OBJECT", NULL},
    {"IS NOT JSON OBJECT", "(%1) IS NOT JSON OBJECT", NULL},
    {"ITEM", "(%1)[%2]", NULL},
    {"ROW", "ROW(%1, %2)", NULL},
    {"ARRAY", "ARRAY[%1, %2]", NULL},
    {"MAP", "MAP[%1, %2]", NULL},
    {"EXTRACT", "EXTRACT(%U FROM %1)", EXTRACT_UNITS},
    {"FLOOR_TO", "FLOOR(%1 TO %U)", FLOOR_UNITS},
    {"CEIL_TO", "CEIL(%1 TO %U)", FLOOR_UNITS},
    {"TIMESTAMPADD", "TIMESTAMPADD(%U, %1, %2)", ADD_UNITS},
    {"TIMESTAMPDIFF", "TIMESTAMPDIFF(%U, %1, %2)", ADD_UNITS},
    {"OVERLAY", "OVERLAY(%1 PLACING %2 FROM %3 FOR %4)", NULL},
    {"POSITION", "POSITION(%1 IN %2)", NULL},
    {"TRIM", "TRIM(%U %1 FROM %2)", TRIM_UNITS},
};

/* Registry entries that no SQL call reaches as a scalar function, or only
 * over a rowtime attribute, which this test's constant arguments are not
 * (CURRENT_WATERMARK: tests/api/test_event_time.c). */
static const char *const UNREACHABLE[] = {"SOURCE_WATERMARK", "CURRENT_WATERMARK", NULL};

static const Form *form_of(const char *name) {
    for (size_t i = 0; i < sizeof FORMS / sizeof FORMS[0]; i++)
        if (!strcmp(FORMS[i].name, name)) return &FORMS[i];
    return NULL;
}

/* The call text: the form with its arguments and unit filled in. */
static void call_text(Buf *b, const FuncDef *fn, const Form *f, const char *unit, const char *const *args, int n) {
    b->len = 0;
    if (!f) {
        eddy__buf_printf(b, "%s(", fn->name);
        for (int i = 0; i < n; i++) eddy__buf_printf(b, "%s%s", i ? ", " : "", args[i]);
        eddy__buf_putc(b, ')');
        return;
    }
    for (const char *p = f->form; *p; p++) {
        if (p[0] == '%' && p[1] >= '1' && p[1] <= '4') {
            int k = p[1] - '1';
            eddy__buf_puts(b, k < n ? args[k] : "1");
            p++;
        } else if (p[0] == '%' && p[1] == 'U') {
            eddy__buf_puts(b, unit);
            p++;
        } else {
            eddy__buf_putc(b, *p);
        }
    }
}

/* How many arguments a form takes. */
static int form_arity(const Form *f) {
    int n = 0;
    for (const char *p = f->form; *p; p++)
        if (p[0] == '%' && p[1] >= '1' && p[1] <= '4' && p[1] - '0' > n) n = p[1] - '0';
    return n;
}

/* ---- evaluation -------------------------------------------------------------------------------- */

static Arena arena;
static const TimeZone *zone;
static long evaluated, failed_calls;

typedef enum Outcome { BIND_FAILED, EVAL_FAILED, EVALUATED } Outcome;

/* Parses, binds, compiles and evaluates sql; prints the value. A failure
 * must carry a message (the contract every error path keeps). */
static Outcome run(const char *sql, bool eval) {
    static int trace = -1;
    if (trace < 0) trace = getenv("EDDY_BOUNDARY_TRACE") != NULL;
    eddy__arena_reset(&arena);
    EdErr err = {0};
    AstExpr *ast;
    if (eddy__sql_parse_expr(&arena, sql, strlen(sql), &ast, &err)) {
        eddy__err_clear(&err);
        return BIND_FAILED;
    }
    BindEnv be = {.a = &arena, .tz = zone, .now_ms = 1600000000000LL};
    BindCols cols = {0};
    Expr *e;
    if (eddy__bind_expr(&be, &cols, ast, &e, &err)) {
        if (!err.msg || !*err.msg) {
            TEST_FAIL_HERE();
            fprintf(stderr, "binding failed without a message: %s\n", sql);
        }
        eddy__err_clear(&err);
        return BIND_FAILED;
    }
    if (!eval) return EVALUATED;
    if (trace) fprintf(stderr, "eval %s\n", sql);
    evaluated++;
    EvalCtx cx = {.scratch = &arena, .err = &err, .tz = zone, .now_ms = 1600000000000LL, .proc_ms = 1600000000000LL};
    ExprProg *prog;
    Outcome out = EVALUATED;
    Batch *b = NULL;
    Vector *v = NULL;
    if (eddy__expr_compile(&arena, e, &cx, &prog) || !(b = eddy__batch_new(0, 1)) ||
        eddy__expr_eval(prog, &cx, b, NULL, 1, &v)) {
        out = EVAL_FAILED;
    } else {
        Buf s;
        eddy__buf_init(&s);
        eddy__fmt_value_sql(&s, v, 0, zone);
        eddy__buf_free(&s);
    }
    if (out == EVAL_FAILED) {
        failed_calls++;
        if (!err.msg || !*err.msg) {
            TEST_FAIL_HERE();
            fprintf(stderr, "evaluation failed without a message: %s\n", sql);
        }
    }
    if (v) eddy__vec_release(v);
    if (b) eddy__batch_release(b);
    eddy__err_clear(&err);
    return out;
}

/* The argument types fn accepts at arity n (one representative tuple per
 * accepted combination found); returns how many, filled into sigs. */
enum { MAX_SIGS = 24 };
static int signatures(const FuncDef *fn, const Form *f, const char *unit, int n, int sigs[][4]) {
    Buf b;
    eddy__buf_init(&b);
    const char *args[4];
    int nsig = 0, first[4] = {0, 0, 0, 0};
    bool found = n == 0;
    /* the first accepted tuple, in the order of TYPES */
    long tries = 0, total = 1;
    for (int i = 0; i < n; i++) total *= NTYPES;
    for (long t = 0; t < total && !found && tries < 4000; t++, tries++) {
        long x = t;
        for (int i = 0; i < n; i++) {
            first[i] = (int)(x % NTYPES);
            x /= NTYPES;
            args[i] = TYPES[first[i]].rep;
        }
        call_text(&b, fn, f, unit, args, n);
        found = run(eddy__buf_cstr(&b), false) == EVALUATED;
    }
    if (!found) {
        eddy__buf_free(&b);
        return 0;
    }
    if (n == 0) {
        eddy__buf_free(&b);
        return 1;
    }
    /* every type each position takes with the others as found */
    bool ok[4][NTYPES];
    memset(ok, 0, sizeof ok);
    for (int p = 0; p < n; p++)
        for (int ty = 0; ty < NTYPES; ty++) {
            for (int i = 0; i < n; i++) args[i] = TYPES[i == p ? ty : first[i]].rep;
            call_text(&b, fn, f, unit, args, n);
            ok[p][ty] = run(eddy__buf_cstr(&b), false) == EVALUATED;
        }
    /* the combinations that bind, up to MAX_SIGS */
    int idx[4] = {0, 0, 0, 0};
    for (;;) {
        bool all = true;
        for (int i = 0; i < n; i++) all = all && ok[i][idx[i]];
        if (all && nsig < MAX_SIGS) {
            for (int i = 0; i < n; i++) args[i] = TYPES[idx[i]].rep;
            call_text(&b, fn, f, unit, args, n);
            if (run(eddy__buf_cstr(&b), false) == EVALUATED) {
                for (int i = 0; i < n; i++) sigs[nsig][i] = idx[i];
                nsig++;
            }
        }
        int k = 0;
        while (k < n && ++idx[k] == NTYPES) idx[k++] = 0;
        if (k == n) break;
    }
    eddy__buf_free(&b);
    return nsig;
}

/* Evaluates fn at one signature: each argument over its type's boundary
 * values with the others at their representatives, then each pair of
 * arguments over their boundary values. */
static void sweep(const FuncDef *fn, const Form *f, const char *unit, int n, const int *sig) {
    Buf b;
    eddy__buf_init(&b);
    const char *args[4];
    for (int i = 0; i < n; i++) args[i] = TYPES[sig[i]].rep;
    call_text(&b, fn, f, unit, args, n);
    run(eddy__buf_cstr(&b), true);
    for (int p = 0; p < n; p++) {
        for (const char *const *v = TYPES[sig[p]].bounds; *v; v++) {
            for (int i = 0; i < n; i++) args[i] = i == p ? *v : TYPES[sig[i]].rep;
            call_text(&b, fn, f, unit, args, n);
            run(eddy__buf_cstr(&b), true);
        }
        for (int q = p + 1; q < n; q++)
            for (const char *const *v = TYPES[sig[p]].bounds; *v; v++)
                for (const char *const *w = TYPES[sig[q]].bounds; *w; w++) {
                    for (int i = 0; i < n; i++) args[i] = i == p ? *v : i == q ? *w : TYPES[sig[i]].rep;
                    call_text(&b, fn, f, unit, args, n);
                    run(eddy__buf_cstr(&b), true);
                }
    }
    eddy__buf_free(&b);
}

static bool unreachable(const char *name) {
    for (const char *const *u = UNREACHABLE; *u; u++)
        if (!strcmp(*u, name)) return true;
    return false;
}

/* Every function of the registry, in every form and arity it takes. */
static void sweep_all(void) {
    int count;
    const FuncDef *const *all = eddy__fn_all(&count);
    for (int i = 0; i < count; i++) {
        const FuncDef *fn = all[i];
        if (fn->flags & (FN_AGGREGATE | FN_USER)) continue;
        bool seen = false;
        for (int j = 0; j < i; j++) seen = seen || !strcmp(all[j]->name, fn->name);
        if (seen || unreachable(fn->name)) continue; /* a name is looked up once: the first entry */
        const Form *f = form_of(fn->name);
        int lo = fn->min_args, hi = fn->max_args < 0 ? fn->min_args + 2 : fn->max_args;
        if (f) lo = hi = form_arity(f);
        else if (hi > 3) hi = 3;
        if (lo > hi) lo = hi;
        const char *const none[] = {"", NULL};
        const char *const *units = f && f->units ? f->units : none;
        int bound = 0;
        for (const char *const *u = units; *u; u++)
            for (int n = lo; n <= hi; n++) {
                int sigs[MAX_SIGS][4];
                int ns = signatures(fn, f, *u, n, sigs);
                bound += ns;
                for (int s = 0; s < ns; s++) sweep(fn, f, *u, n, sigs[s]);
            }
        if (!bound) {
            TEST_FAIL_HERE();
            fprintf(stderr, "%s binds with no argument types of this test: give it a form in FORMS\n", fn->name);
        }
    }
}

/* CAST and TRY_CAST of every boundary value to every type (casts are not
 * functions of the registry). */
static const char *const CAST_TARGETS[] = {
    "TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE", "DECIMAL(38, 0)", "DECIMAL(38, 18)", "DECIMAL(5, 2)",
    "DECIMAL(1, 0)", "BOOLEAN", "STRING", "CHAR(3)", "VARCHAR(3)", "BYTES", "BINARY(2)", "DATE", "TIME(0)", "TIME(3)",
    "TIMESTAMP(0)", "TIMESTAMP(3)", "TIMESTAMP(9)", "TIMESTAMP_LTZ(3)", "TIMESTAMP_LTZ(9)", "INTERVAL DAY(2)",
    "INTERVAL SECOND(9, 3)", "INTERVAL YEAR(2)", "INTERVAL MONTH", "ARRAY<STRING>", "ARRAY<BIGINT>", NULL};

static void sweep_casts(void) {
    Buf b;
    eddy__buf_init(&b);
    for (int ty = 0; ty < NTYPES; ty++)
        for (const char *const *t = CAST_TARGETS; *t; t++)
            for (int k = -1; TYPES[ty].bounds[k < 0 ? 0 : k]; k++) {
                const char *v = k < 0 ? TYPES[ty].rep : TYPES[ty].bounds[k];
                for (int try_ = 0; try_ < 2; try_++) {
                    b.len = 0;
                    eddy__buf_printf(&b, "%s(%s AS %s)", try_ ? "TRY_CAST" : "CAST", v, *t);
                    run(eddy__buf_cstr(&b), true);
                }
            }
    eddy__buf_free(&b);
}

TEST(every_function_over_boundary_values_utc) {
    zone = eddy__tz_utc();
    sweep_all();
    sweep_casts();
}

TEST(every_function_over_boundary_values_far_zone) {
    EdErr err = {0};
    /* UTC+14: a local time past an instant's range and back */
    if (eddy__tz_load("Pacific/Kiritimati", &zone, &err)) {
        eddy__err_clear(&err);
        fprintf(stderr, "no tz data: skipped\n");
        return;
    }
    sweep_all();
    sweep_casts();
}

int main(void) {
    eddy__arena_init(&arena, 1 << 16);
    RUN(every_function_over_boundary_values_utc);
    RUN(every_function_over_boundary_values_far_zone);
    fprintf(stderr, "%ld calls evaluated, %ld of them failed with a message\n", evaluated, failed_calls);
    eddy__arena_destroy(&arena);
    return test_report();
}
