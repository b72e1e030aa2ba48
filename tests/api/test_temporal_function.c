/*
 * test_temporal_function.c -- temporal table functions through eddy.h
 * (Table.createTemporalTableFunction, seed 004's "Temporal Table JOIN"):
 * eddy_tenv_create_temporal_table_function over a history of rates, joined
 * with LATERAL TABLE(Rates(o_rowtime)) in SQL (comma join with WHERE, JOIN
 * ... ON) and with eddy_table_join_lateral; the result of Flink's
 * documentation (orders priced at the rate valid at their time); and the
 * errors.
 */
#include <stdatomic.h>
#include <time.h>

#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;

#define H(hh, mm) (((int64_t)(hh) * 60 + (mm)) * 60000)

/* (a STRING-or-INT row ..., t BIGINT) with t as the record timestamp */
static eddy_status stamp(void *ctx, const eddy_row *in, eddy_out *out) {
    const int *n = ctx;
    for (int i = 0; i < *n; i++)
        if (eddy_out_copy_field(out, (size_t)i, in, (size_t)i)) return EDDY_E_UDF;
    int64_t t;
    if (eddy_row_get_long(in, (size_t)*n, &t) || eddy_out_set_long(out, (size_t)*n, t)) return EDDY_E_UDF;
    return eddy_out_set_timestamp_ms(out, t);
}

static const int two = 2;

static eddy_table *stamped(const char *type, const char *values, const char *rowtime) {
    eddy_stream *s = eddy_from_values(env, type, values);
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column_by_metadata(sc, rowtime, "TIMESTAMP_LTZ(3)", "rowtime", false);
    eddy_schema_watermark(sc, rowtime, "SOURCE_WATERMARK()");
    return eddy_tenv_from_datastream(tenv, eddy_stream_map(s, type, stamp, (void *)&two, NULL), sc);
}

static eddy_table *rates, *orders;

static void setup(void) {
    env = new_env(1);
    tenv = eddy_tenv_new_in_mode(env, EDDY_STREAMING);
    char v[1024];
    /* Flink's RatesHistory */
    snprintf(v, sizeof v,
             "('US Dollar', 102, %lld), ('Euro', 114, %lld), ('Yen', 1, %lld), ('Euro', 116, %lld), "
             "('Euro', 119, %lld), ('Pounds', 108, %lld)",
             (long long)H(9, 0), (long long)H(9, 0), (long long)H(9, 0), (long long)H(10, 45), (long long)H(11, 15),
             (long long)H(11, 49));
    rates = stamped("ROW<r_currency STRING, r_rate INT, r_t BIGINT>", v, "r_rowtime");
    snprintf(v, sizeof v,
             "(2, 'Euro', %lld), (1, 'US Dollar', %lld), (50, 'Yen', %lld), (3, 'Euro', %lld), (5, 'US Dollar', %lld)",
             (long long)H(10, 15), (long long)H(10, 30), (long long)H(10, 32), (long long)H(10, 52),
             (long long)H(11, 4));
    orders = stamped("ROW<o_amount INT, o_currency STRING, o_t BIGINT>", v, "o_rowtime");
    eddy_tenv_create_temporary_view(tenv, "Orders", orders);
    eddy_tenv_create_temporary_view(tenv, "RatesHistory", rates);
}

static char *query(const char *sql) { return table_rows(env, eddy_tenv_sql_query(tenv, sql)); }

/* 2 Euro at 10:15 (114), 1 US Dollar (102), 50 Yen (1), 3 Euro at 10:52
 * (116), 5 US Dollar (102) */
static const char *const PRICED = "+I[102]\n+I[228]\n+I[348]\n+I[50]\n+I[510]\n";

TEST(sql_comma_join_prices_each_order_at_the_rate_of_its_time) {
    setup();
    ASSERT_EQ_INT(eddy_tenv_create_temporal_table_function(tenv, "Rates", rates, "r_rowtime", "r_currency"), EDDY_OK);
    ASSERT_TEXT(sorted_lines(query("SELECT o_amount * r_rate AS amount FROM Orders AS o, "
                                   "LATERAL TABLE (Rates(o.o_rowtime)) AS r WHERE r.r_currency = o.o_currency")),
                PRICED);
    /* JOIN ... ON, the rate's columns and another condition */
    ASSERT_TEXT(sorted_lines(query("SELECT o_currency, o_amount, r_rate FROM Orders JOIN LATERAL TABLE "
                                   "(Rates(o_rowtime)) ON r_currency = o_currency WHERE o_amount > 1")),
                "+I[Euro, 2, 114]\n+I[Euro, 3, 116]\n+I[US Dollar, 5, 102]\n+I[Yen, 50, 1]\n");
    eddy_env_free(env);
}

TEST(table_api_join_lateral_with_the_function) {
    setup();
    ASSERT_EQ_INT(eddy_tenv_create_temporal_table_function(tenv, "Rates", rates, "r_rowtime", "r_currency"), EDDY_OK);
    eddy_table *j = eddy_table_join_lateral(orders, "Rates(o_rowtime)", "r_currency = o_currency");
    ASSERT_TEXT(sorted_lines(table_rows(env, eddy_table_select(j, "o_amount * r_rate as amount"))), PRICED);
    eddy_env_free(env);
}

TEST(temporal_table_function_errors) {
    setup();
    ASSERT_EQ_INT(eddy_tenv_create_temporal_table_function(tenv, "R1", rates, "nope", "r_currency"), EDDY_E_VALIDATION);
    ASSERT_STR_EQ(eddy_env_errmsg(env), "Cannot resolve field [nope], input field list:[r_currency, r_rate, r_t, r_rowtime].");
    eddy_env_clear_error(env);
    ASSERT_EQ_INT(eddy_tenv_create_temporal_table_function(tenv, "R1", rates, "r_t", "r_currency"), EDDY_E_VALIDATION);
    ASSERT_STR_EQ(eddy_env_errmsg(env), "Non rowtime timeAttribute [r_t] used to create TemporalTableFunction");
    eddy_env_clear_error(env);
    ASSERT_EQ_INT(eddy_tenv_create_temporal_table_function(tenv, "R1", NULL, "r_rowtime", "r_currency"), EDDY_E_MISUSE);
    eddy_env_clear_error(env);
    ASSERT_EQ_INT(eddy_tenv_create_temporal_table_function(tenv, "Rates", rates, "r_rowtime", "r_currency"), EDDY_OK);
    ASSERT_EQ_INT(eddy_tenv_create_temporal_table_function(tenv, "rates", rates, "r_rowtime", "r_currency"),
                  EDDY_E_VALIDATION);
    ASSERT_STR_EQ(eddy_env_errmsg(env),
                  "Could not register temporary system function. A function named 'rates' does already exist.");
    eddy_env_clear_error(env);
    /* the condition must name the primary key */
    ASSERT_TEXT(query("SELECT * FROM Orders, LATERAL TABLE (Rates(o_rowtime)) WHERE r_rate = o_amount"),
                "ERROR: The join condition of a temporal table function join must equate its primary key "
                "'r_currency' with a column of the left table.");
    /* the argument is the left table's time attribute */
    ASSERT_TEXT(query("SELECT * FROM Orders, LATERAL TABLE (Rates(o_t)) WHERE r_currency = o_currency"),
                "ERROR: SQL validation failed. Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left "
                "table's time "
                "attribute field");
    ASSERT_TEXT(query("SELECT * FROM Orders, LATERAL TABLE (Rates(o_rowtime, 1)) WHERE r_currency = o_currency"),
                "ERROR: SQL validation failed. From line 1, column 38 to line 1, column 56: The temporal table function "
                "'Rates' takes one argument, the time attribute of the left table, but was called with 2.");
    /* it is joined, not called */
    ASSERT_TEXT(query("SELECT * FROM TABLE(Rates(CURRENT_TIMESTAMP))"),
                "ERROR: SQL validation failed. From line 1, column 21 to line 1, column 44: The temporal table function "
                "'Rates' can only be joined: l JOIN LATERAL TABLE(Rates(l.time)) ON <key equality>, or FROM l, "
                "LATERAL TABLE(Rates(l.time)) WHERE ...");
    ASSERT_TEXT(query("SELECT * FROM Orders LEFT JOIN LATERAL TABLE (Rates(o_rowtime)) ON TRUE"),
                "ERROR: From line 1, column 15 to line 1, column 71: not supported yet: temporal "
                "table function joins other than INNER joins");
    eddy_env_free(env);
}

/* ---- processing time: the latest rate when the order arrives ----------------------------- */

/* Two sources taking turns: rates v1, then orders 1-2, then a new Euro rate,
 * then orders 3-4; each waits until the other's rows went past the join's
 * input (seen by a map before it) plus 300 ms. */
typedef struct Turns {
    atomic_int rates_sent, orders_sent;
    int rpos, opos;
} Turns;

static void pause_ms(int ms) {
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static eddy_status rate_source(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask, (void)parallelism;
    Turns *t = ctx;
    static const char *const cur[] = {"Euro", "Yen", "Euro"};
    static const int rate[] = {114, 1, 116};
    if (t->rpos == 3) return EDDY_DONE;
    if (t->rpos == 2 && atomic_load(&t->orders_sent) < 2) return EDDY_OK; /* the update after orders 1-2 */
    if (t->rpos == 2) pause_ms(300);
    eddy_out_set_cstring(out, 0, cur[t->rpos]);
    eddy_out_set_int(out, 1, rate[t->rpos]);
    t->rpos++;
    eddy_status rc = eddy_out_emit(out);
    if (!rc) atomic_fetch_add(&t->rates_sent, 1);
    return rc ? rc : eddy_source_emit_watermark(out, INT64_MIN + 1); /* send it now */
}

static eddy_status order_source(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask, (void)parallelism;
    Turns *t = ctx;
    static const char *const cur[] = {"Euro", "Yen", "Euro", "Pounds"};
    static const int amount[] = {2, 50, 3, 7};
    if (t->opos == 4) return EDDY_DONE;
    int need = t->opos < 2 ? 2 : 3;
    if (atomic_load(&t->rates_sent) < need) return EDDY_OK;
    if (t->opos == 0 || t->opos == 2) pause_ms(300);
    eddy_out_set_int(out, 0, amount[t->opos]);
    eddy_out_set_cstring(out, 1, cur[t->opos]);
    t->opos++;
    eddy_status rc = eddy_out_emit(out);
    if (!rc) atomic_fetch_add(&t->orders_sent, 1);
    return rc ? rc : eddy_source_emit_watermark(out, INT64_MIN + 1);
}

static eddy_table *with_proctime(eddy_stream *s, const char *name) {
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column_by_expression(sc, name, "PROCTIME()");
    return eddy_tenv_from_datastream(tenv, s, sc);
}

TEST(processing_time_join_takes_the_latest_version_on_arrival) {
    env = new_env(1);
    tenv = eddy_tenv_new_in_mode(env, EDDY_STREAMING);
    Turns t = {0};
    eddy_table *r = with_proctime(eddy_from_source(env, "ROW<r_currency STRING, r_rate INT>", false, rate_source, &t, NULL),
                                  "r_proctime");
    eddy_table *o = with_proctime(eddy_from_source(env, "ROW<o_amount INT, o_currency STRING>", false, order_source, &t, NULL),
                                  "o_proctime");
    eddy_tenv_create_temporary_view(tenv, "Orders", o);
    ASSERT_EQ_INT(eddy_tenv_create_temporal_table_function(tenv, "Rates", r, "r_proctime", "r_currency"), EDDY_OK);
    /* Euro at 114, then 116; Pounds never had a rate: no row (inner join) */
    ASSERT_TEXT(query("SELECT o_amount, o_currency, r_rate FROM Orders, LATERAL TABLE (Rates(o_proctime)) "
                      "WHERE r_currency = o_currency"),
                "+I[2, Euro, 114]\n+I[50, Yen, 1]\n+I[3, Euro, 116]\n");
    /* Flink's plan: the function's condition on its key, then the others */
    char *plan = text_or_error(env, eddy_table_explain(eddy_tenv_sql_query(tenv, "SELECT o_amount, r_rate FROM Orders, "
                                                                               "LATERAL TABLE (Rates(o_proctime)) WHERE "
                                                                               "r_currency = o_currency"), 0));
    ASSERT_STR_CONTAINS(plan, "TemporalJoin(joinType=[InnerJoin], where=[AND(__TEMPORAL_JOIN_CONDITION(o_proctime, "
                              "__TEMPORAL_JOIN_CONDITION_PRIMARY_KEY(r_currency)), =(r_currency, o_currency))]");
    free(plan);
    /* a rowtime argument for a proctime function */
    eddy_table *ro = stamped("ROW<o_amount INT, o_currency STRING, o_t BIGINT>", "(1, 'Euro', 1)", "o_rowtime");
    eddy_tenv_create_temporary_view(tenv, "RowtimeOrders", ro);
    ASSERT_TEXT(query("SELECT * FROM RowtimeOrders, LATERAL TABLE (Rates(o_rowtime)) WHERE r_currency = o_currency"),
                "ERROR: SQL validation failed. From line 1, column 45 to line 1, column 60: The temporal table function "
                "'Rates' is defined on a proctime attribute; it must be called with a proctime attribute of the left "
                "table.");
    eddy_env_free(env);
}

int main(void) {
    RUN(sql_comma_join_prices_each_order_at_the_rate_of_its_time);
    RUN(table_api_join_lateral_with_the_function);
    RUN(temporal_table_function_errors);
    RUN(processing_time_join_takes_the_latest_version_on_arrival);
    return test_report();
}
