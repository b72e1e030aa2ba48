/*
 * phys_kinds.h -- the list of physical node kinds: one line each, read with
 * the two macros the includer defines.
 *
 *   PHYS_KIND(kind, "Name", "feature")       a kind without an operator yet
 *   PHYS_OP(kind, "Name", "feature", fn)     a kind fn translates into stream nodes
 *
 * "Name" is the node's name in Flink's plans; "feature" is what "not
 * supported yet: <feature>" names while the kind has no translate function
 * (a node made from a Rel names the Rel's feature instead). An operator
 * author turns PHYS_KIND into PHYS_OP, naming a function of the type
 * PhysTranslateFn (phys.h) defined in the author's own file: nothing else
 * of the planner changes.
 */

/* ---- both modes ---- */
PHYS_OP(PK_TABLE_SOURCE_SCAN, "TableSourceScan", "table scans", eddy__translate_table_scan)
PHYS_OP(PK_DATA_STREAM_SCAN, "DataStreamScan", "DataStream scans", eddy__translate_stream_scan)
PHYS_OP(PK_VALUES, "Values", "VALUES", eddy__translate_values)
PHYS_OP(PK_CALC, "Calc", "projections and filters", eddy__translate_calc)
PHYS_OP(PK_CORRELATE, "Correlate", "table functions and UNNEST", eddy__translate_correlate)
PHYS_OP(PK_UNION, "Union", "UNION ALL", eddy__translate_union)
PHYS_OP(PK_EXCHANGE, "Exchange", "exchanges", eddy__translate_exchange)
PHYS_OP(PK_EXPAND, "Expand", "aggregations with GROUPING SETS / ROLLUP / CUBE", eddy__translate_expand)
PHYS_OP(PK_WATERMARK_ASSIGNER, "WatermarkAssigner", "watermarks", eddy__translate_watermark_assigner)
PHYS_OP(PK_SINK, "Sink", "sinks", eddy__translate_sink)

/* ---- streaming: updating tables ---- */
PHYS_OP(PK_MINI_BATCH_ASSIGNER, "MiniBatchAssigner", "mini-batch (table.exec.mini-batch.enabled)",
        eddy__translate_minibatch_assigner)
PHYS_OP(PK_GROUP_AGGREGATE, "GroupAggregate", "aggregations (GROUP BY and aggregate functions)", eddy__translate_group_aggregate)
PHYS_OP(PK_LOCAL_GROUP_AGGREGATE, "LocalGroupAggregate", "two-phase aggregations (mini-batch)",
        eddy__translate_group_aggregate)
PHYS_OP(PK_GLOBAL_GROUP_AGGREGATE, "GlobalGroupAggregate", "two-phase aggregations (mini-batch)",
        eddy__translate_group_aggregate)
PHYS_OP(PK_INCREMENTAL_GROUP_AGGREGATE, "IncrementalGroupAggregate", "split distinct aggregations",
        eddy__translate_incremental_aggregate)
PHYS_OP(PK_JOIN, "Join", "joins", eddy__translate_join)
PHYS_OP(PK_LOOKUP_JOIN, "LookupJoin", "lookup joins (FOR SYSTEM_TIME AS OF a processing time)",
        eddy__translate_lookup_join)
PHYS_OP(PK_RANK, "Rank", "Top-N (ROW_NUMBER / RANK / DENSE_RANK with a rank filter)", eddy__translate_rank)
PHYS_OP(PK_DEDUPLICATE, "Deduplicate", "deduplication (ROW_NUMBER() = 1)", eddy__translate_deduplicate)
PHYS_OP(PK_LIMIT, "Limit", "LIMIT / OFFSET", eddy__translate_limit)
PHYS_OP(PK_SORT_LIMIT, "SortLimit", "ORDER BY with LIMIT (Top-N) in streaming mode", eddy__translate_rank)
PHYS_OP(PK_SORT, "Sort", "ORDER BY in streaming mode", eddy__translate_stream_sort)
PHYS_OP(PK_CHANGELOG_NORMALIZE, "ChangelogNormalize", "upsert sources (ChangelogNormalize)",
        eddy__translate_changelog_normalize)
PHYS_OP(PK_SINK_UPSERT_MATERIALIZER, "SinkUpsertMaterializer",
        "sinks whose primary key differs from the upsert key (table.exec.sink.upsert-materialize)",
        eddy__translate_sink_upsert_materializer)
PHYS_OP(PK_DROP_UPDATE_BEFORE, "DropUpdateBefore", "dropping UPDATE_BEFORE of changelog sources",
        eddy__translate_drop_update_before)

/* ---- batch ---- */
PHYS_OP(PK_HASH_AGGREGATE, "HashAggregate", "aggregations (GROUP BY and aggregate functions)", eddy__translate_batch_agg)
PHYS_OP(PK_LOCAL_HASH_AGGREGATE, "LocalHashAggregate", "aggregations (GROUP BY and aggregate functions)", eddy__translate_batch_agg)
PHYS_OP(PK_SORT_AGGREGATE, "SortAggregate", "aggregations (GROUP BY and aggregate functions)", eddy__translate_batch_agg)
PHYS_OP(PK_LOCAL_SORT_AGGREGATE, "LocalSortAggregate", "aggregations (GROUP BY and aggregate functions)", eddy__translate_batch_agg)
PHYS_OP(PK_HASH_JOIN, "HashJoin", "joins", eddy__translate_batch_join)
PHYS_OP(PK_SORT_MERGE_JOIN, "SortMergeJoin", "joins", eddy__translate_batch_join)
PHYS_OP(PK_NESTED_LOOP_JOIN, "NestedLoopJoin", "joins", eddy__translate_batch_join)
PHYS_OP(PK_BATCH_SORT, "Sort", "ORDER BY", eddy__translate_sort)
PHYS_OP(PK_BATCH_SORT_LIMIT, "SortLimit", "ORDER BY with LIMIT", eddy__translate_sort)
PHYS_OP(PK_BATCH_RANK, "Rank", "Top-N (ROW_NUMBER / RANK / DENSE_RANK with a rank filter)", eddy__translate_batch_rank)

/* ---- time (event time, windows): the time issue builds these ---- */
PHYS_OP(PK_WINDOW_TABLE_FUNCTION, "WindowTableFunction", "window table functions (TUMBLE / HOP / CUMULATE / SESSION)",
        eddy__translate_window_tvf)
PHYS_OP(PK_WINDOW_AGGREGATE, "WindowAggregate", "window aggregations (GROUP BY window_start, window_end)",
        eddy__translate_window_aggregate)
PHYS_OP(PK_GROUP_WINDOW_AGGREGATE, "GroupWindowAggregate", "group window aggregations (TUMBLE / HOP / SESSION)",
        eddy__translate_window_aggregate)
PHYS_OP(PK_OVER_AGGREGATE, "OverAggregate", "OVER aggregations", eddy__translate_over_aggregate)
PHYS_OP(PK_INTERVAL_JOIN, "IntervalJoin", "interval joins", eddy__translate_interval_join)
PHYS_OP(PK_TEMPORAL_JOIN, "TemporalJoin", "temporal joins (FOR SYSTEM_TIME AS OF)", eddy__translate_temporal_join)
PHYS_KIND(PK_TEMPORAL_SORT, "TemporalSort", "ORDER BY a time attribute in streaming mode")
PHYS_OP(PK_WINDOW_RANK, "WindowRank", "window Top-N", eddy__translate_window_rank)
PHYS_OP(PK_WINDOW_DEDUPLICATE, "WindowDeduplicate", "window deduplication", eddy__translate_window_rank)
PHYS_OP(PK_WINDOW_JOIN, "WindowJoin", "window joins", eddy__translate_window_join)
PHYS_KIND(PK_MATCH, "Match", "MATCH_RECOGNIZE")
