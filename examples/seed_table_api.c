/*
 * seed_table_api -- the operators of the Table API tutorial (seed 004) on
 * its customer and order tables: select with concat_ws, where with ||,
 * groupBy (per customer, and per minute of the order time), unionAll and
 * union, the inner and the left outer join, orderBy with fetch, and explain.
 * Batch mode, parallelism 1: the output is deterministic. The tutorial's
 * windows are in seed_over_window (OVER) and tests/api/test_table_api.c
 * (group windows, the interval join), its temporal table function join in
 * tests/api/test_temporal_function.c, and its end-to-end job in
 * seed_table_job.
 */
#include <eddy.h>
#include <stdio.h>

static eddy_env *env;

/* Prints the table's rows as TableResult.print() does, or the error. */
static void show(const char *title, eddy_table *t) {
    printf("-- %s\n", title);
    eddy_result *r = t ? eddy_table_execute(t) : NULL;
    if (!r || eddy_result_print(r, stdout) != EDDY_OK) {
        printf("%s\n", eddy_env_errmsg(env));
        eddy_env_clear_error(env);
    }
}

int main(void) {
    env = eddy_env_new(NULL);
    eddy_env_set_parallelism(env, 1);
    eddy_env_set_runtime_mode(env, EDDY_BATCH);
    eddy_tenv *tenv = eddy_tenv_new(env);

    eddy_table *customer = eddy_tenv_from_datastream(
        tenv,
        eddy_from_values(env, "ROW<c_id STRING, c_name STRING, c_desc STRING>",
                         "('c_001', 'Kevin', 'from JinLin'), ('c_002', 'Sunny', 'from JinLin'), "
                         "('c_003', 'JinCheng', 'from HeBei')"),
        NULL);
    eddy_table *order = eddy_tenv_from_datastream(
        tenv,
        eddy_from_values(env, "ROW<o_id STRING, c_id STRING, o_time STRING, o_desc STRING>",
                         "('o_oo1', 'c_002', '2018-11-05 10:01:01', 'iphone'), "
                         "('o_002', 'c_001', '2018-11-05 10:01:55', 'ipad'), "
                         "('o_003', 'c_001', '2018-11-05 10:03:44', 'flink book')"),
        NULL);

    /* customer.select('c_name, concat_ws('c_name, " come ", 'c_desc)) */
    show("select", eddy_table_select(customer, "c_name, concat_ws(c_name, ' come ', c_desc)"));
    /* customer.where("c_id = 'c_001' || c_id = 'c_003'").select('c_id, 'c_name, 'c_desc) */
    show("where", eddy_table_select(eddy_table_where(customer, "c_id = 'c_001' || c_id = 'c_003'"), "c_id, c_name, c_desc"));
    /* customer.unionAll(customer) */
    show("unionAll", eddy_table_union_all(customer, customer));
    /* orders by time, the first two */
    show("orderBy / fetch", eddy_table_fetch(eddy_table_order_by(order, "o_time.desc"), 2));

    /* order.groupBy('c_id).select('c_id, 'o_id.count): Flink's schema, no operator yet */
    eddy_table *counts = eddy_grouped_table_select(eddy_table_group_by(order, "c_id"), "c_id, o_id.count");
    printf("-- groupBy schema\n");
    eddy_table_print_schema(counts, stdout);
    show("groupBy", counts);
    /* order.select('o_id, 'c_id, 'o_time.substring(1, 16) as 'o_time_min)
     *   .groupBy('o_time_min).select('o_time_min, 'o_id.count) */
    show("groupBy minute",
         eddy_grouped_table_select(
             eddy_table_group_by(eddy_table_select(order, "o_id, c_id, o_time.substring(1, 16) as o_time_min"), "o_time_min"),
             "o_time_min, o_id.count"));
    /* customer.union(customer): duplicates removed */
    show("union", eddy_table_union(customer, customer));

    /* customer.join(order.select('o_id, 'c_id as 'o_c_id, 'o_time, 'o_desc), 'c_id === 'o_c_id) */
    eddy_table *orders = eddy_table_select(order, "o_id, c_id as o_c_id, o_time, o_desc");
    show("join", eddy_table_join(customer, orders, "c_id === o_c_id"));
    /* customer.leftOuterJoin(...): JinCheng has no order */
    show("leftOuterJoin", eddy_table_left_outer_join(customer, orders, "c_id === o_c_id"));

    /* the plan of a where */
    printf("-- explain\n%s", eddy_table_explain(eddy_table_where(customer, "c_name.charLength() > 5"), 0));

    eddy_env_free(env);
    return 0;
}
