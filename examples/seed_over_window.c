/*
 * seed_over_window -- the two OVER windows of the Table API tutorial
 * (seed 004) over its item table: the maximum price of each item and the
 * two items of its type on sale before it (a bounded ROWS window), and of
 * the items of its type on sale in the two minutes up to it (a bounded
 * RANGE window: items on sale at the same time are peers), in STREAMING
 * mode with onSellTime as the rowtime. The rows come out as the watermark
 * passes their time (ties in arrival order), so the output is
 * deterministic.
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
    eddy_tenv *tenv = eddy_tenv_new(env);
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_watermark(sc, "onSellTime", "onSellTime");
    eddy_table *item = eddy_tenv_from_datastream(
        tenv,
        eddy_from_values(env, "ROW<itemID STRING, itemType STRING, onSellTime TIMESTAMP(3), price INT>",
                         "('ITEM001', 'Electronic', TIMESTAMP '2017-11-11 10:01:00', 20), "
                         "('ITEM002', 'Electronic', TIMESTAMP '2017-11-11 10:02:00', 50), "
                         "('ITEM003', 'Electronic', TIMESTAMP '2017-11-11 10:03:00', 30), "
                         "('ITEM004', 'Electronic', TIMESTAMP '2017-11-11 10:03:00', 60), "
                         "('ITEM005', 'Electronic', TIMESTAMP '2017-11-11 10:05:00', 40), "
                         "('ITEM006', 'Electronic', TIMESTAMP '2017-11-11 10:06:00', 20), "
                         "('ITEM007', 'Electronic', TIMESTAMP '2017-11-11 10:07:00', 70), "
                         "('ITEM008', 'Clothes', TIMESTAMP '2017-11-11 10:08:00', 20)"),
        sc);
    eddy_table_print_schema(item, stdout);

    /* item.window(Over.partitionBy('itemType).orderBy('rowtime).preceding(2).following(CURRENT_ROW) as 'w)
     *     .select('itemID, 'itemType, 'onSellTime, 'price, 'price.max over 'w as 'maxPrice) */
    eddy_window *rows = eddy_window_as(
        eddy_over_following(eddy_over_preceding(eddy_over_order_by(eddy_over_partition_by(env, "itemType"), "onSellTime"),
                                                "2.rows"),
                            "CURRENT_ROW"),
        "w");
    const eddy_window *w1[] = {rows};
    show("bounded ROWS over window",
         eddy_windowed_table_select(eddy_table_over_window(item, w1, 1),
                                    "itemID, itemType, onSellTime, price, price.max over w as maxPrice"));

    /* item.window(Over.partitionBy('itemType).orderBy('rowtime).preceding(2.minute).following(CURRENT_RANGE) as 'w) */
    eddy_window *range = eddy_window_as(
        eddy_over_following(eddy_over_preceding(eddy_over_order_by(eddy_over_partition_by(env, "itemType"), "onSellTime"),
                                                "2.minute"),
                            "CURRENT_RANGE"),
        "w");
    const eddy_window *w2[] = {range};
    show("bounded RANGE over window",
         eddy_windowed_table_select(eddy_table_over_window(item, w2, 1),
                                    "itemID, itemType, onSellTime, price, price.max over w as maxPrice"));
    eddy_env_free(env);
    return 0;
}
