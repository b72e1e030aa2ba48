/*
 * test_table_api.c -- the Table API in C: the seed tutorial's operations
 * (select, where with ||, groupBy, union / unionAll, joins, lateral joins,
 * over and group windows, insertInto), column operations, distinct,
 * orderBy / offset / fetch, set operations, the expression builder, the
 * Table API's column names (_c<i>, EXPR$<n>, a-BIGINT) and its error
 * messages, and misuse of the handles. Each case checks exact rows,
 * schemas or messages; operations without an operator yet check their
 * schema and the "not supported yet" error of planning (the over windows
 * run in test_over_window.c).
 */
#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;
static eddy_table *customer, *order, *item;

static void setup(eddy_runtime_mode mode) {
    env = new_env(1);
    eddy_env_set_runtime_mode(env, mode);
    tenv = eddy_tenv_new(env);
    customer = eddy_tenv_from_datastream(
        tenv,
        eddy_from_values(env, "ROW<c_id STRING, c_name STRING, c_desc STRING>",
                         "('c_001', 'Kevin', 'from JinLin'), ('c_002', 'Sunny', 'from JinLin'), "
                         "('c_003', 'JinCheng', 'from HeBei')"),
        NULL);
    order = eddy_tenv_from_datastream(
        tenv,
        eddy_from_values(env, "ROW<o_id STRING, c_id STRING, o_time STRING, o_desc STRING>",
                         "('o_oo1', 'c_002', '2018-11-05 10:01:01', 'iphone'), "
                         "('o_002', 'c_001', '2018-11-05 10:01:55', 'ipad'), "
                         "('o_003', 'c_001', '2018-11-05 10:03:44', 'flink book')"),
        NULL);
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column_by_metadata(sc, "rowtime", "TIMESTAMP_LTZ(3)", NULL, false);
    eddy_schema_watermark(sc, "rowtime", "SOURCE_WATERMARK()");
    item = eddy_tenv_from_datastream(
        tenv, eddy_from_values(env, "ROW<itemID STRING, itemType STRING, price INT, region STRING>", "('ITEM001', 'Electronic', 20, 'ShangHai')"),
        sc);
}

/* The table's rows (Row.toString, one per line, in arrival order), or
 * "ERROR: <message>" when building or planning it failed. */
static char *rows(eddy_table *t) { return table_rows(env, t); }

/* The schema as printSchema prints it, or "ERROR: <message>". */
static char *schema(eddy_table *t) { return table_schema(env, t); }

TEST(seed_select_and_where) {
    setup(EDDY_STREAMING);
    /* customer.where("c_id = 'c_001' || c_id = 'c_003'").select('c_id, 'c_name, 'c_desc) */
    ASSERT_TEXT(rows(eddy_table_select(eddy_table_where(customer, "c_id = 'c_001' || c_id = 'c_003'"), "c_id, c_name, c_desc")),
                "+I[c_001, Kevin, from JinLin]\n+I[c_003, JinCheng, from HeBei]\n");
    /* customer.select('c_name, concat_ws('c_name, " come ", 'c_desc)) */
    eddy_table *t = eddy_table_select(customer, "c_name, concat_ws(c_name, \" come \", c_desc)");
    ASSERT_TEXT(schema(t), "(\n  `c_name` STRING, \n  `_c1` STRING\n)");
    ASSERT_TEXT(rows(t), "+I[Kevin,  come Kevinfrom JinLin]\n+I[Sunny,  come Sunnyfrom JinLin]\n"
                         "+I[JinCheng,  come JinChengfrom HeBei]\n");
    /* && and || share one precedence, left to right */
    ASSERT_TEXT(rows(eddy_table_select(eddy_table_filter(customer, "c_id === 'c_002' || c_id === 'c_001' && c_name == 'Kevin'"),
                                       "c_id")),
                "+I[c_001]\n");
    ASSERT_TEXT(rows(eddy_table_select(eddy_table_where(customer, "!(c_id !== 'c_002')"), "c_name.upperCase() as n")),
                "+I[SUNNY]\n");
    eddy_env_free(env);
}

TEST(column_names) {
    setup(EDDY_STREAMING);
    ASSERT_TEXT(schema(eddy_table_select(customer, "c_id, c_name.upperCase(), 'x'.charLength(), c_id.cast(STRING), "
                                                   "1 + 1 as two, 12L")),
                "(\n  `c_id` STRING, \n  `_c1` STRING, \n  `_c2` INT NOT NULL, \n  `c_id-STRING` STRING, \n"
                "  `two` INT NOT NULL, \n  `_c5` BIGINT NOT NULL\n)");
    ASSERT_TEXT(schema(eddy_table_select(customer, "c_id, c_id")), "ERROR: Ambiguous column name: c_id");
    /* unlike SQL, names are not made unique */
    ASSERT_TEXT(schema(eddy_table_select(customer, "c_id, *")), "ERROR: Ambiguous column name: c_id");
    ASSERT_TEXT(schema(eddy_table_select(customer, "*, c_name.upperCase()")),
                "(\n  `c_id` STRING, \n  `c_name` STRING, \n  `c_desc` STRING, \n  `_c3` STRING\n)");
    /* aggregates are numbered in order of appearance; a repeated one gets a suffix */
    ASSERT_TEXT(schema(eddy_table_select(order, "o_id.count, o_id.count as n, o_id.count, o_desc.max.charLength()")),
                "(\n  `EXPR$0` BIGINT NOT NULL, \n  `n` BIGINT NOT NULL, \n  `EXPR$0_0` BIGINT NOT NULL, \n"
                "  `_c3` INT\n)");
    eddy_env_free(env);
}

TEST(seed_group_by) {
    setup(EDDY_STREAMING);
    /* order.groupBy('c_id).select('c_id, 'o_id.count) */
    eddy_table *t = eddy_grouped_table_select(eddy_table_group_by(order, "c_id"), "c_id, o_id.count");
    ASSERT_TEXT(schema(t), "(\n  `c_id` STRING, \n  `EXPR$0` BIGINT NOT NULL\n)");
    ASSERT_TEXT(rows(t), "+I[c_002, 1]\n+I[c_001, 1]\n-U[c_001, 1]\n+U[c_001, 2]\n");
    /* a streaming aggregation updates its results: toDataStream refuses it */
    ASSERT_TRUE(eddy_tenv_to_datastream(tenv, t) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_TABLE,
                     "Table sink '*anonymous_datastream_sink$1*' doesn't support consuming update changes which is "
                     "produced by node GroupAggregate(groupBy=[c_id], select=[c_id, COUNT(o_id) AS EXPR$0])");
    /* grouping by a computed column */
    t = eddy_grouped_table_select(
        eddy_table_group_by(eddy_table_select(order, "o_id, c_id, o_time.substring(1,16) as o_time_min"), "o_time_min"),
        "o_time_min, o_id.count");
    ASSERT_TEXT(schema(t), "(\n  `o_time_min` STRING, \n  `EXPR$0` BIGINT NOT NULL\n)");
    ASSERT_TEXT(schema(eddy_grouped_table_select(eddy_table_group_by(order, "c_id"), "c_id, o_desc")),
                "ERROR: Expression 'o_desc' is not being grouped");
    ASSERT_TEXT(schema(eddy_grouped_table_select(eddy_table_group_by(order, "c_id"), "c_id, o_id.sum")),
                "ERROR: Cannot apply 'SUM' to arguments of type 'SUM(<VARCHAR(2147483647)>)'. Supported form(s): "
                "'SUM(<NUMERIC>)'");
    ASSERT_TEXT(schema(eddy_grouped_table_select(eddy_table_group_by(order, "c_id"), "c_id, o_id.count.distinct as n")),
                "(\n  `c_id` STRING, \n  `n` BIGINT NOT NULL\n)");
    ASSERT_TRUE(eddy_table_group_by(order, "o_id.count") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Aggregate functions are not allowed in groupBy.");
    ASSERT_TEXT(schema(eddy_grouped_table_select(eddy_table_group_by(order, "c_id"), "c_id, w.start")),
                "ERROR: Window properties can only be used on windowed tables.");
    ASSERT_TEXT(rows(eddy_table_distinct(eddy_table_select(customer, "c_desc"))), "+I[from JinLin]\n+I[from HeBei]\n");
    eddy_env_free(env);
}

TEST(seed_union_and_joins) {
    setup(EDDY_STREAMING);
    /* the two inputs of UNION ALL interleave in any order */
    ASSERT_TEXT(sorted_lines(rows(eddy_table_union_all(eddy_table_select(customer, "c_id"), eddy_table_select(order, "o_id")))),
                "+I[c_001]\n+I[c_002]\n+I[c_003]\n+I[o_002]\n+I[o_003]\n+I[o_oo1]\n");
    ASSERT_TEXT(schema(eddy_table_union(customer, customer)),
                "ERROR: The UNION operation on two unbounded tables is currently not supported.");
    ASSERT_TEXT(schema(eddy_table_intersect(customer, customer)),
                "ERROR: The INTERSECT operation on two unbounded tables is currently not supported.");
    ASSERT_TEXT(schema(eddy_table_minus_all(customer, customer)),
                "ERROR: The MINUS operation on two unbounded tables is currently not supported.");
    ASSERT_TEXT(schema(eddy_table_union_all(customer, order)),
                "ERROR: The union operation on two tables of different column sizes: 3 and 4 is not supported");
    ASSERT_TEXT(schema(eddy_table_union_all(eddy_table_select(customer, "c_id"), eddy_table_select(order, "1"))),
                "ERROR: Incompatible types for union operation. Could not find a common type at position 0 for 'STRING' "
                "and 'INT NOT NULL'.");
    /* customer.join(order.select('o_id, 'c_id as 'o_c_id, 'o_time, 'o_desc), 'c_id === 'o_c_id) */
    eddy_table *o2 = eddy_table_select(order, "o_id, c_id as o_c_id, o_time, o_desc");
    eddy_table *j = eddy_table_join(customer, o2, "c_id === o_c_id");
    ASSERT_TEXT(schema(j), "(\n  `c_id` STRING, \n  `c_name` STRING, \n  `c_desc` STRING, \n  `o_id` STRING, \n"
                           "  `o_c_id` STRING, \n  `o_time` STRING, \n  `o_desc` STRING\n)");
    ASSERT_TEXT(sorted_lines(rows(j)), "+I[c_001, Kevin, from JinLin, o_002, c_001, 2018-11-05 10:01:55, ipad]\n"
                                       "+I[c_001, Kevin, from JinLin, o_003, c_001, 2018-11-05 10:03:44, flink book]\n"
                                       "+I[c_002, Sunny, from JinLin, o_oo1, c_002, 2018-11-05 10:01:01, iphone]\n");
    eddy_table *lj = eddy_table_left_outer_join(customer, o2, "c_id === o_c_id");
    ASSERT_TRUE(eddy_tenv_to_datastream(tenv, lj) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_TABLE,
                     "doesn't support consuming update and delete changes which is produced by node "
                     "Join(joinType=[LeftOuterJoin], where=[(c_id = o_c_id)], select=[c_id, c_name, c_desc, o_id, "
                     "o_c_id, o_time, o_desc], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])");
    /* the outer joins run (their changelogs: test_join.c) */
    char *rj = rows(eddy_table_right_outer_join(customer, o2, "c_id === o_c_id"));
    char *fj = rows(eddy_table_full_outer_join(customer, o2, "c_id === o_c_id && o_desc = 'ipad'"));
    ASSERT_TRUE(strncmp(rj, "ERROR", 5) != 0 && strncmp(fj, "ERROR", 5) != 0);
    free(rj);
    free(fj);
    /* the time-interval join: left.join(right).where(a === d && c >= f - 5.seconds && c < f + 6.seconds) */
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column_by_metadata(sc, "f", "TIMESTAMP_LTZ(3)", "rowtime", false);
    eddy_schema_watermark(sc, "f", "SOURCE_WATERMARK()");
    eddy_table *right = eddy_tenv_from_datastream(tenv, eddy_from_values(env, "ROW<d STRING, e INT>", "('x', 1)"), sc);
    eddy_table *left = eddy_table_select(item, "itemID as a, price as b, rowtime as c");
    eddy_table *ij = eddy_table_where(eddy_table_join(left, right, NULL), "a === d && c >= f - 5.seconds && c < f + 6.seconds");
    ASSERT_TEXT(schema(ij), "(\n  `a` STRING, \n  `b` INT, \n  `c` TIMESTAMP_LTZ(3) *ROWTIME*, \n  `d` STRING, \n"
                            "  `e` INT, \n  `f` TIMESTAMP_LTZ(3) *ROWTIME*\n)");
    /* it plans as an IntervalJoin; run over tables whose rowtime is a column of their own */
    char *planned = rows(ij);
    ASSERT_TRUE(strstr(planned, "not supported yet") == NULL);
    free(planned);
    eddy_schema *ls = eddy_schema_watermark(
        eddy_schema_column(eddy_schema_column(eddy_schema_column(eddy_schema_new(env), "a", "STRING"), "b", "INT"), "c",
                           "TIMESTAMP(3)"),
        "c", "c - INTERVAL '1' SECOND");
    eddy_schema *rs = eddy_schema_watermark(
        eddy_schema_column(eddy_schema_column(eddy_schema_column(eddy_schema_new(env), "d", "STRING"), "e", "INT"), "f",
                           "TIMESTAMP(3)"),
        "f", "f - INTERVAL '1' SECOND");
    left = eddy_tenv_from_datastream(tenv, eddy_from_values(env, "ROW<a STRING, b INT, c TIMESTAMP(3)>",
                                                            "('x', 1, TIMESTAMP '2024-01-01 00:00:10'), "
                                                            "('y', 2, TIMESTAMP '2024-01-01 00:00:10'), "
                                                            "('x', 3, TIMESTAMP '2024-01-01 00:00:20')"), ls);
    right = eddy_tenv_from_datastream(tenv, eddy_from_values(env, "ROW<d STRING, e INT, f TIMESTAMP(3)>",
                                                             "('x', 10, TIMESTAMP '2024-01-01 00:00:05'), "
                                                             "('x', 11, TIMESTAMP '2024-01-01 00:00:14'), "
                                                             "('y', 12, TIMESTAMP '2024-01-01 00:00:16')"), rs);
    /* c in [f - 5 s, f + 6 s): x@10 s joins 5 s and 14 s; x@20 s misses 14 s (20 < 20 fails); y@10 s misses 16 s */
    ij = eddy_table_where(eddy_table_join(left, right, NULL), "a === d && c >= f - 5.seconds && c < f + 6.seconds");
    ASSERT_TEXT(rows(eddy_table_select(ij, "a, b, e")), "+I[x, 1, 10]\n+I[x, 1, 11]\n");
    /* Flink's checks */
    ASSERT_TEXT(schema(eddy_table_join(customer, order, "c_id === o_id")),
                "ERROR: join relations with ambiguous names: [c_id]");
    ASSERT_TEXT(schema(eddy_table_join(customer, o2, "c_id > o_c_id")),
                "ERROR: Invalid join condition: `c_id` > `o_c_id`. At least one equi-join predicate is required.");
    ASSERT_TEXT(schema(eddy_table_join(customer, o2, "c_id = o_c_id || c_name = o_desc")),
                "ERROR: Invalid join condition: `c_id` = `o_c_id` OR `c_name` = `o_desc`. At least one equi-join predicate "
                "is required.");
    ASSERT_TEXT(schema(eddy_table_join(customer, o2, "c_id.charLength()")),
                "ERROR: Invalid join condition: CHAR_LENGTH(`c_id`). At least one equi-join predicate is required.");
    /* lateral joins: see test_correlate.c */
    ASSERT_TEXT(schema(eddy_table_left_outer_join_lateral(customer, "split(c_desc) as (w, n)", "w = c_id")),
                "ERROR: Predicate for lateral left outer join with table function can only be empty or literal true.");
    eddy_env_free(env);
}

/* The seed's page accesses: (region, userId, accessTime) with accessTime as
 * the record timestamp. */
static eddy_status stamp_access(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    const char *str;
    size_t n;
    int64_t t;
    for (size_t i = 0; i < 2; i++) {
        if (eddy_row_get_string(in, i, &str, &n) || eddy_out_set_string(out, i, str, n)) return EDDY_E_UDF;
    }
    if (eddy_row_get_long(in, 2, &t) || eddy_out_set_long(out, 2, t)) return EDDY_E_UDF;
    return eddy_out_set_timestamp_ms(out, t);
}

static eddy_table *page_access(void) {
    const char *type = "ROW<region STRING, userId STRING, accessTime BIGINT>";
    eddy_stream *s = eddy_from_values(env, type,
                                      "('ShangHai', 'U0010', 1510365660000), ('BeiJing', 'U1001', 1510365660000), "
                                      "('BeiJing', 'U2032', 1510366200000), ('BeiJing', 'U1100', 1510366260000), "
                                      "('ShangHai', 'U0011', 1510373400000)");
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column_by_metadata(sc, "rowtime", "TIMESTAMP_LTZ(3)", NULL, false);
    eddy_schema_watermark(sc, "rowtime", "SOURCE_WATERMARK()");
    return eddy_tenv_from_datastream(tenv, eddy_stream_map(s, type, stamp_access, NULL, NULL), sc);
}

TEST(seed_windows) {
    setup(EDDY_STREAMING);
    eddy_table *pa = page_access();
    /* pageAccess.window(Tumble.over(2.minute).on('rowtime) as 'w).groupBy('w, 'region)
     *   .select('region, 'w.start, 'w.end, 'region.count as 'pv): one row per window and region when
     *   the watermark passes the window */
    eddy_window *w = eddy_window_as(eddy_window_on(eddy_tumble_over(env, "2.minute"), "rowtime"), "w");
    eddy_table *t = eddy_grouped_table_select(eddy_windowed_table_group_by(eddy_table_window(pa, w), "w, region"),
                                              "region, w.start, w.end, region.count as pv");
    ASSERT_TEXT(schema(t), "(\n  `region` STRING, \n  `EXPR$0` TIMESTAMP(3) NOT NULL, \n  `EXPR$1` TIMESTAMP(3) NOT NULL, \n"
                           "  `pv` BIGINT NOT NULL\n)");
    /* windows in time order, the keys of one window in the order they came */
    ASSERT_TEXT(rows(t), "+I[ShangHai, 2017-11-11T02:00, 2017-11-11T02:02, 1]\n+I[BeiJing, 2017-11-11T02:00, 2017-11-11T02:02, 1]\n"
                         "+I[BeiJing, 2017-11-11T02:10, 2017-11-11T02:12, 2]\n+I[ShangHai, 2017-11-11T04:10, 2017-11-11T04:12, 1]\n");
    /* Slide.over(10.minute).every(5.minute): each access in two windows */
    eddy_window *h = eddy_window_as(eddy_window_on(eddy_window_every(eddy_slide_over(env, "10.minute"), "5.minute"), "rowtime"), "w");
    t = eddy_grouped_table_select(eddy_windowed_table_group_by(eddy_table_window(pa, h), "w"),
                                  "w.start, w.end, userId.count as accessCount");
    ASSERT_TEXT(schema(t), "(\n  `EXPR$0` TIMESTAMP(3) NOT NULL, \n  `EXPR$1` TIMESTAMP(3) NOT NULL, \n  `accessCount` BIGINT NOT NULL\n)");
    ASSERT_TEXT(rows(t), "+I[2017-11-11T01:55, 2017-11-11T02:05, 2]\n+I[2017-11-11T02:00, 2017-11-11T02:10, 2]\n"
                         "+I[2017-11-11T02:05, 2017-11-11T02:15, 2]\n+I[2017-11-11T02:10, 2017-11-11T02:20, 2]\n"
                         "+I[2017-11-11T04:05, 2017-11-11T04:15, 1]\n+I[2017-11-11T04:10, 2017-11-11T04:20, 1]\n");
    /* Session.withGap(3.minute), with the rowtime property: item's rows carry no record timestamp */
    eddy_window *s = eddy_window_as(eddy_window_on(eddy_session_with_gap(env, "3.minute"), "rowtime"), "w");
    t = eddy_grouped_table_select(eddy_windowed_table_group_by(eddy_table_window(item, s), "w, region"),
                                  "region, w.rowtime, region.count as pv");
    ASSERT_TEXT(schema(t), "(\n  `region` STRING, \n  `EXPR$0` TIMESTAMP_LTZ(3) NOT NULL *ROWTIME*, \n  `pv` BIGINT NOT NULL\n)");
    ASSERT_TEXT(rows(t), "ERROR: Could not find timestamp in DataStream API record. Make sure that timestamps have been "
                         "assigned before and the event-time characteristic is enabled.");
    /* the page accesses in sessions of 3 minutes per region: BeiJing's 02:10 and 02:11 in one */
    eddy_window *s2 = eddy_window_as(eddy_window_on(eddy_session_with_gap(env, "3.minute"), "rowtime"), "w");
    t = eddy_grouped_table_select(eddy_windowed_table_group_by(eddy_table_window(pa, s2), "w, region"),
                                  "region, w.start, w.end, w.rowtime, region.count as pv");
    ASSERT_TEXT(rows(t), "+I[BeiJing, 2017-11-11T02:01, 2017-11-11T02:04, 2017-11-11T02:03:59.999Z, 1]\n"
                         "+I[ShangHai, 2017-11-11T02:01, 2017-11-11T02:04, 2017-11-11T02:03:59.999Z, 1]\n"
                         "+I[BeiJing, 2017-11-11T02:10, 2017-11-11T02:14, 2017-11-11T02:13:59.999Z, 2]\n"
                         "+I[ShangHai, 2017-11-11T04:10, 2017-11-11T04:13, 2017-11-11T04:12:59.999Z, 1]\n");
    /* Over.partitionBy('itemType).orderBy('rowtime).preceding(2).following(CURRENT_ROW) as 'w */
    eddy_window *o = eddy_window_as(
        eddy_over_following(eddy_over_preceding(eddy_over_order_by(eddy_over_partition_by(env, "itemType"), "rowtime"), "2.rows"),
                            "CURRENT_ROW"),
        "w");
    const eddy_window *ows[] = {o};
    t = eddy_windowed_table_select(eddy_table_over_window(item, ows, 1), "itemID, itemType, price, price.max over w as maxPrice");
    ASSERT_TEXT(schema(t), "(\n  `itemID` STRING, \n  `itemType` STRING, \n  `price` INT, \n  `maxPrice` INT\n)");
    /* the rows have no record timestamp for the rowtime metadata (test_over_window.c runs these windows) */
    ASSERT_TEXT(rows(t), "ERROR: Could not find timestamp in DataStream API record. Make sure that timestamps have been "
                         "assigned before and the event-time characteristic is enabled.");
    eddy_window *r = eddy_window_as(eddy_over_following(eddy_over_preceding(eddy_over_order_by(eddy_over_partition_by(env, "itemType"), "rowtime"), "2.minute"),
                                                        "CURRENT_RANGE"),
                                    "w");
    const eddy_window *ows2[] = {r};
    ASSERT_TEXT(rows(eddy_windowed_table_select(eddy_table_over_window(item, ows2, 1), "itemID, price.max over w")),
                "ERROR: Could not find timestamp in DataStream API record. Make sure that timestamps have been "
                "assigned before and the event-time characteristic is enabled.");
    /* errors */
    eddy_window *bad = eddy_window_as(eddy_window_on(eddy_tumble_over(env, "2.minute"), "itemType"), "w");
    ASSERT_TEXT(schema(eddy_grouped_table_select(eddy_windowed_table_group_by(eddy_table_window(item, bad), "w"), "price.sum")),
                "ERROR: A group window expects a time attribute for grouping in a stream environment.");
    ASSERT_TEXT(schema(eddy_grouped_table_select(eddy_windowed_table_group_by(eddy_table_window(item, w), "region"), "region")),
                "ERROR: GroupBy must contain exactly one window alias.");
    ASSERT_TRUE(eddy_table_window(item, eddy_window_on(eddy_tumble_over(env, "2.minute"), "rowtime")) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "A window needs an alias: as(\"w\").");
    ASSERT_TRUE(eddy_table_window(item, eddy_window_as(eddy_window_on(eddy_tumble_over(env, "10.rows"), "rowtime"), "w")) ==
                NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_UNSUPPORTED, "not supported yet: row-count group windows");
    ASSERT_TEXT(schema(eddy_table_select(item, "price.max over w")),
                "ERROR: Over window 'w' is not defined: use window(Over...as(\"w\")) first.");
    eddy_env_free(env);
}

TEST(column_operations) {
    setup(EDDY_STREAMING);
    ASSERT_TEXT(rows(eddy_table_add_columns(customer, "c_name.upperCase() as up, 42")),
                "+I[c_001, Kevin, from JinLin, KEVIN, 42]\n+I[c_002, Sunny, from JinLin, SUNNY, 42]\n"
                "+I[c_003, JinCheng, from HeBei, JINCHENG, 42]\n");
    ASSERT_TEXT(schema(eddy_table_add_columns(customer, "c_name")), "ERROR: Ambiguous column name: c_name");
    eddy_table *t = eddy_table_add_or_replace_columns(customer, "c_name.upperCase() as c_name, 42 as n");
    ASSERT_TEXT(schema(t), "(\n  `c_id` STRING, \n  `c_name` STRING, \n  `c_desc` STRING, \n  `n` INT NOT NULL\n)");
    ASSERT_TEXT(rows(t), "+I[c_001, KEVIN, from JinLin, 42]\n+I[c_002, SUNNY, from JinLin, 42]\n"
                         "+I[c_003, JINCHENG, from HeBei, 42]\n");
    ASSERT_TEXT(schema(eddy_table_rename_columns(customer, "c_id as id, c_desc as d")),
                "(\n  `id` STRING, \n  `c_name` STRING, \n  `d` STRING\n)");
    ASSERT_TEXT(schema(eddy_table_rename_columns(customer, "c_id")),
                "ERROR: Invalid alias for a renaming column operation. Renaming must add an alias to anexisting field. "
                "E.g.: 'a as a1'. But was: `c_id`");
    ASSERT_TEXT(schema(eddy_table_rename_columns(customer, "x as y")),
                "ERROR: Cannot resolve field [x], input field list:[c_id, c_name, c_desc].");
    ASSERT_TEXT(rows(eddy_table_drop_columns(customer, "c_desc, c_id")), "+I[Kevin]\n+I[Sunny]\n+I[JinCheng]\n");
    ASSERT_TEXT(schema(eddy_table_drop_columns(customer, "zz")), "ERROR: Field zz does not exist in source table");
    ASSERT_TEXT(schema(eddy_table_drop_columns(customer, "c_id + 1")),
                "ERROR: Unexpected drop column expression: `c_id` + 1");
    /* flatten(): a composite column's fields as columns a$field */
    eddy_table *nested = eddy_tenv_sql_query(tenv, "SELECT 1 AS id, CAST(ROW(2, 'x') AS ROW<a INT, b STRING>) AS r");
    ASSERT_TEXT(schema(eddy_table_select(nested, "id, r.flatten()")),
                "(\n  `id` INT NOT NULL, \n  `r$a` INT, \n  `r$b` STRING\n)");
    ASSERT_TEXT(rows(eddy_table_select(nested, "r.flatten(), id.flatten()")), "+I[2, x, 1]\n");
    ASSERT_TEXT(schema(eddy_table_select(nested, "r.flatten() as z")), "ERROR: Alias is not allowed after flatten().");
    ASSERT_TEXT(schema(eddy_table_select(nested, "(id + 1).flatten()")),
                "ERROR: not supported yet: flatten() of anything but a column");
    ASSERT_TEXT(schema(eddy_table_where(nested, "r.flatten()")), "ERROR: not supported yet: flatten()");
    eddy_env_free(env);
}

TEST(order_offset_fetch) {
    setup(EDDY_BATCH);
    ASSERT_TEXT(rows(eddy_table_select(eddy_table_order_by(customer, "c_name.desc"), "c_name")),
                "+I[Sunny]\n+I[Kevin]\n+I[JinCheng]\n");
    ASSERT_TEXT(rows(eddy_table_fetch(eddy_table_offset(eddy_table_order_by(customer, "c_name"), 1), 1)),
                "+I[c_001, Kevin, from JinLin]\n");
    ASSERT_TEXT(rows(eddy_table_limit_offset(eddy_table_order_by(order, "o_desc.charLength(), o_id"), 0, 2)),
                "+I[o_002, c_001, 2018-11-05 10:01:55, ipad]\n+I[o_oo1, c_002, 2018-11-05 10:01:01, iphone]\n");
    ASSERT_TEXT(rows(eddy_table_limit(customer, 2)), "+I[c_001, Kevin, from JinLin]\n+I[c_002, Sunny, from JinLin]\n");
    ASSERT_TEXT(schema(eddy_table_fetch(eddy_table_fetch(customer, 1), 1)), "ERROR: FETCH is already defined.");
    ASSERT_TEXT(schema(eddy_table_offset(eddy_table_offset(customer, 1), 1)), "ERROR: OFFSET already defined");
    ASSERT_TEXT(schema(eddy_table_offset(customer, -1)), "ERROR: Offset should be greater or equal 0");
    ASSERT_TEXT(schema(eddy_table_fetch(customer, -5)), "ERROR: Fetch should be greater or equal 0");
    ASSERT_TEXT(schema(eddy_table_order_by(customer, "c_name as n")), "ERROR: Aliases are not allowed in orderBy.");
    /* set operations in batch mode: the distinct forms run (aggregates, semi / anti joins) */
    ASSERT_TEXT(rows(eddy_table_union(customer, customer)),
                "+I[c_002, Sunny, from JinLin]\n+I[c_003, JinCheng, from HeBei]\n+I[c_001, Kevin, from JinLin]\n");
    ASSERT_TEXT(rows(eddy_table_intersect_all(customer, customer)),
                "+I[c_002, Sunny, from JinLin]\n+I[c_003, JinCheng, from HeBei]\n+I[c_001, Kevin, from JinLin]\n");
    ASSERT_TEXT(rows(eddy_table_minus(customer, customer)), "");
    eddy_env_free(env);
    setup(EDDY_STREAMING);
    ASSERT_TEXT(rows(eddy_table_order_by(customer, "c_name")), "ERROR: Sort on a non-time-attribute field is not supported.");
    /* a streaming Top-N: the row pushed out of the first two is deleted */
    ASSERT_TEXT(rows(eddy_table_fetch(eddy_table_order_by(customer, "c_name"), 2)),
                "+I[c_001, Kevin, from JinLin]\n+I[c_002, Sunny, from JinLin]\n-D[c_002, Sunny, from JinLin]\n"
                "+I[c_003, JinCheng, from HeBei]\n");
    ASSERT_TEXT(rows(eddy_table_fetch(eddy_table_offset(customer, 1), 1)), "+I[c_002, Sunny, from JinLin]\n");
    eddy_env_free(env);
}

TEST(expression_builder) {
    setup(EDDY_STREAMING);
    eddy_expr *sel[] = {eddy_col(env, "c_id"), eddy_expr_as(eddy_call(env, "upperCase", eddy_col(env, "c_name"), NULL), "up"),
                        eddy_call(env, "+", eddy_call(env, "CHAR_LENGTH", eddy_col(env, "c_desc"), NULL),
                                  eddy_lit_int(env, 1), NULL)};
    eddy_table *t = eddy_table_select_exprs(
        eddy_table_where_expr(customer, eddy_call(env, "OR", eddy_call(env, "=", eddy_col(env, "c_id"), eddy_lit_string(env, "c_001"), NULL),
                                                  eddy_call(env, "like", eddy_col(env, "c_name"), eddy_lit(env, "'J%'"), NULL), NULL)),
        sel, 3);
    ASSERT_TEXT(schema(t), "(\n  `c_id` STRING, \n  `up` STRING, \n  `_c2` INT\n)");
    ASSERT_TEXT(rows(t), "+I[c_001, KEVIN, 12]\n+I[c_003, JINCHENG, 11]\n");
    eddy_expr *keys[] = {eddy_col(env, "c_id")};
    eddy_expr *aggs[] = {eddy_col(env, "c_id"), eddy_expr_as(eddy_call(env, "count", eddy_col(env, "o_id"), NULL), "n")};
    ASSERT_TEXT(schema(eddy_grouped_table_select_exprs(eddy_table_group_by_exprs(order, keys, 1), aggs, 2)),
                "(\n  `c_id` STRING, \n  `n` BIGINT NOT NULL\n)");
    eddy_expr *ord[] = {eddy_expr_desc(eddy_col(env, "c_id"))};
    ASSERT_TEXT(schema(eddy_table_order_by_exprs(customer, ord, 1)),
                "(\n  `c_id` STRING, \n  `c_name` STRING, \n  `c_desc` STRING\n)");
    eddy_expr *add[] = {eddy_expr_as(eddy_lit_bool(env, true), "flag"), eddy_lit_long(env, 7), eddy_lit_double(env, 1.5)};
    ASSERT_TEXT(rows(eddy_table_select(eddy_table_add_columns_exprs(eddy_table_select(customer, "c_id"), add, 3), "*")),
                "+I[c_001, true, 7, 1.5]\n+I[c_002, true, 7, 1.5]\n+I[c_003, true, 7, 1.5]\n");
    eddy_table *o2 = eddy_table_select(order, "o_id, c_id as o_c_id");
    ASSERT_TEXT(schema(eddy_table_join_on(customer, o2, eddy_call(env, "=", eddy_col(env, "c_id"), eddy_col(env, "o_c_id"), NULL))),
                "(\n  `c_id` STRING, \n  `c_name` STRING, \n  `c_desc` STRING, \n  `o_id` STRING, \n  `o_c_id` STRING\n)");
    eddy_expr *e = eddy_expr_parse(env, "c_name.charLength() * 2 as len2");
    eddy_expr *one[] = {e};
    ASSERT_TEXT(rows(eddy_table_select_exprs(customer, one, 1)), "+I[10]\n+I[10]\n+I[16]\n");
    ASSERT_TRUE(eddy_call(env, "nope(", NULL) == NULL);
    ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_E_PARSE);
    eddy_env_clear_error(env);
    eddy_env_free(env);
}

static void run_insert(void *arg) {
    (void)arg;
    if (eddy_env_execute(env, "insert") != EDDY_OK) printf("ERROR: %s\n", eddy_env_errmsg(env));
}

TEST(insert_into) {
    setup(EDDY_STREAMING);
    eddy_tenv_execute_sql(tenv, "CREATE TABLE Sink (id STRING, name STRING) WITH ('connector' = 'print')");
    ASSERT_EQ_INT(eddy_table_insert_into(eddy_table_select(eddy_table_where(customer, "c_id <> 'c_002'"), "c_id, c_name"), "Sink"),
                  EDDY_OK);
    char *out = capture_stdout(run_insert, NULL);
    ASSERT_TEXT(sorted_lines(out), "+I[c_001, Kevin]\n+I[c_003, JinCheng]\n");
    ASSERT_EQ_INT(eddy_table_insert_into(customer, "Sink"), EDDY_E_VALIDATION);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Column types of query result and sink for 'default_catalog.default_database.Sink' do not match.");
    ASSERT_EQ_INT(eddy_table_insert_into(eddy_table_select(customer, "c_id, c_name"), "Nope"), EDDY_E_TABLE);
    ASSERT_ENV_ERROR(env, EDDY_E_TABLE, "Cannot find table '`default_catalog`.`default_database`.`Nope`'");
    eddy_env_free(env);
}

TEST(misuse) {
    /* NULL handles: NULL back, nothing recorded, no crash */
    ASSERT_TRUE(eddy_table_select(NULL, "a") == NULL);
    ASSERT_TRUE(eddy_table_where(NULL, "a") == NULL);
    ASSERT_TRUE(eddy_table_join(NULL, NULL, NULL) == NULL);
    ASSERT_TRUE(eddy_table_union_all(NULL, NULL) == NULL);
    ASSERT_TRUE(eddy_grouped_table_select(NULL, "a") == NULL);
    ASSERT_TRUE(eddy_windowed_table_select(NULL, "a") == NULL);
    ASSERT_TRUE(eddy_tumble_over(NULL, "1.minute") == NULL);
    ASSERT_TRUE(eddy_window_as(NULL, "w") == NULL);
    ASSERT_TRUE(eddy_col(NULL, "a") == NULL);
    ASSERT_TRUE(eddy_expr_as(NULL, "a") == NULL);
    ASSERT_EQ_INT(eddy_table_insert_into(NULL, "x"), EDDY_E_MISUSE);
    setup(EDDY_STREAMING);
    ASSERT_TRUE(eddy_table_select(customer, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "Table API: an expression string is NULL.");
    ASSERT_TRUE(eddy_table_join(customer, NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "Table API: the right table is NULL.");
    ASSERT_TRUE(eddy_table_right_outer_join(customer, order, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "Table API: right outer joins need a join condition.");
    ASSERT_TRUE(eddy_table_select(customer, "a +") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_PARSE, "Could not parse expression at column 4: Invalid expression: end of expression found.\na +\n   ^");
    /* a pending error stops every builder */
    ASSERT_TRUE(eddy_table_select(customer, "zz") == NULL);
    ASSERT_TRUE(eddy_table_select(customer, "c_id") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Cannot resolve field [zz], input field list:[c_id, c_name, c_desc].");
    /* tables of two table environments */
    eddy_tenv *other = eddy_tenv_new(env);
    eddy_table *ot = eddy_tenv_from_datastream(other, eddy_from_values(env, "ROW<x INT>", "(1)"), NULL);
    ASSERT_TRUE(eddy_table_join(customer, ot, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Only tables from the same TableEnvironment can be joined.");
    ASSERT_TRUE(eddy_table_union_all(customer, ot) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Only tables from the same TableEnvironment can be unioned.");
    ASSERT_TRUE(eddy_table_minus(customer, ot) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Only tables from the same TableEnvironment can be subtracted.");
    /* windows and expressions of another env */
    eddy_env *env2 = new_env(1);
    eddy_window *w2 = eddy_window_as(eddy_window_on(eddy_tumble_over(env2, "1.minute"), "rowtime"), "w");
    ASSERT_TRUE(eddy_table_window(item, w2) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "Table API: the window belongs to another env.");
    eddy_expr *x2[] = {eddy_col(env2, "c_id")};
    ASSERT_TRUE(eddy_table_select_exprs(customer, x2, 1) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "Table API: expression 0 belongs to another env.");
    eddy_tenv *tenv2 = eddy_tenv_new(env2);
    eddy_table *t2 = eddy_tenv_from_datastream(tenv2, eddy_from_values(env2, "ROW<y INT>", "(1)"), NULL);
    ASSERT_TRUE(eddy_table_left_outer_join(customer, t2, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Only tables from the same TableEnvironment can be joined.");
    ASSERT_TRUE(eddy_table_intersect(customer, t2) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Only tables from the same TableEnvironment can be intersected.");
    ASSERT_EQ_INT(eddy_env_errcode(env2), EDDY_OK);
    ASSERT_TRUE(eddy_table_window(item, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "Table API: the window is NULL.");
    eddy_window *over = eddy_window_as(eddy_over_order_by(eddy_over_partition_by(env, NULL), "rowtime"), "o");
    ASSERT_TRUE(eddy_table_window(item, over) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "An over window cannot be used as a group window.");
    eddy_env_free(env2);
    eddy_env_free(env);
}

int main(void) {
    RUN(seed_select_and_where);
    RUN(column_names);
    RUN(seed_group_by);
    RUN(seed_union_and_joins);
    RUN(seed_windows);
    RUN(column_operations);
    RUN(order_offset_fetch);
    RUN(expression_builder);
    RUN(insert_into);
    RUN(misuse);
    return test_report();
}
