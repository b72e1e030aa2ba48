/*
 * phys.h -- the physical plan: what eddy runs, between the logical plan
 * (Rel, plan.h) and the stream graph (StreamNode, runtime/graph.h).
 *
 * A PhysNode is one operator as Flink's optimized physical plan names it
 * (TableSourceScan, Calc, Exchange, GroupAggregate, Join, Rank, Sink, ...):
 * its output columns, its inputs and everything its operator needs (keys,
 * aggregate calls, join keys and residual condition, rank range, ...). The
 * planner builds the tree for the runtime mode (phys_build.c), infers the
 * changelog every node produces and how it sends updates (changelog.c),
 * derives upsert keys (phys_keys.c), prints it for EXPLAIN (phys_explain.c)
 * and translates it into stream nodes through a registry of one translate
 * function per kind (translate.c, phys_kinds.h). Nodes live in the env's
 * arena; once eddy__phys_plan returns a tree, nothing changes it, and
 * copies share unchanged subtrees.
 */
#ifndef EDDY_PHYS_H
#define EDDY_PHYS_H

#include "plan/plan.h"

typedef enum PhysNodeKind {
#define PHYS_KIND(k, name, feature) k,
#define PHYS_OP(k, name, feature, fn) k,
#include "plan/phys_kinds.h"
#undef PHYS_KIND
#undef PHYS_OP
    PK__COUNT
} PhysNodeKind;

/* The distribution an Exchange establishes. */
typedef enum PhysDist { DIST_HASH, DIST_SINGLE, DIST_BROADCAST } PhysDist;

/* How a node sends updates (Flink's UpdateKindTrait). */
typedef enum UpdateKind { UK_NONE, UK_ONLY_AFTER, UK_BEFORE_AND_AFTER } UpdateKind;

/* Top-N strategies, as Flink's RankProcessStrategy. */
typedef enum RankStrategy { RS_APPEND_FAST, RS_UPDATE_FAST, RS_RETRACT } RankStrategy;

/* What a join knows of one input's keys (Flink's JoinInputSideSpec). */
typedef enum JoinInputSpec { JIS_NO_UNIQUE_KEY, JIS_HAS_UNIQUE_KEY, JIS_JOIN_KEY_CONTAINS_UNIQUE_KEY } JoinInputSpec;

/* Who consumes the plan's rows. */
typedef enum PhysSinkKind {
    PSINK_TABLE,      /* INSERT INTO a connector table */
    PSINK_COLLECT,    /* TableResult.collect / print, the shell: every kind, with -U */
    PSINK_DATASTREAM, /* toDataStream: insert-only */
    PSINK_APPEND,     /* toAppendStream (legacy): insert-only */
    PSINK_RETRACT,    /* toRetractStream (legacy): every kind, with -U */
    PSINK_CHANGELOG,  /* toChangelogStream: the kinds given */
} PhysSinkKind;

/* The update kind bit of a ModifyKindSet: an UPDATE is UB and UA together. */
#define CL_UPDATE (CL_UPDATE_BEFORE | CL_UPDATE_AFTER)
#define CL_ALL (CL_INSERT | CL_UPDATE | CL_DELETE)

/* A set of columns, ascending. */
typedef struct ColSet {
    int n;
    const int *cols;
} ColSet;
/* A set of keys. A NULL KeySets is "unknown" (Flink's null). */
typedef struct KeySets {
    int n;
    const ColSet *keys;
} KeySets;

/* An aggregate call as a physical aggregate runs it. */
typedef struct PhysAgg {
    AggCall call;         /* arguments and filter: columns of the aggregate's input */
    bool retract;         /* consumes retractions (printed as FN_RETRACT) */
    int distinct;         /* two-phase: the DISTINCT view it reads (distinct$<i>), -1 when none */
    const char *acc;      /* two-phase: its accumulator fields as printed: sum$0, (sum$1, count$2) */
    int nacc;             /* and how many there are */
} PhysAgg;

/* The phase of a split distinct aggregation (partialFinalType=[PARTIAL]). */
typedef enum PartialFinal { PF_NONE, PF_PARTIAL, PF_FINAL } PartialFinal;

typedef struct PhysNode PhysNode;
struct PhysNode {
    PhysNodeKind kind;
    int ncols;
    const char *const *names;
    const Type *const *types;
    int nin;
    const PhysNode **in;
    const Rel *rel;          /* the Rel it plans; NULL for nodes the planner adds (exchanges, ...) */
    const char *feature;     /* "not supported yet: <feature>" while the kind has no operator; NULL: the kind's */
    const PhysNode *fused;   /* IncrementalGroupAggregate: the final LocalGroupAggregate over the partial
                              * GlobalGroupAggregate, the two operators it runs as */

    /* changelog traits: set by inference in streaming mode, CL_INSERT / UK_NONE in batch */
    unsigned modify;         /* kinds produced: CL_INSERT, CL_UPDATE, CL_DELETE */
    UpdateKind update;       /* how updates go out */
    unsigned changelog;      /* both together: the CL_* kinds EXPLAIN prints (I,UB,UA,D) */

    /* TableSourceScan, DataStreamScan */
    const TableEntry *table;
    const Connector *conn;
    const SourceSpec *source;
    const LookupSpec *lookup; /* LookupJoin: the table's lookup source (table, conn: its table;
                               * cond: the ON conjuncts that are not lookup keys) */
    StreamNode *stream;
    bool uses_ts;            /* DataStreamScan: the last field is the record timestamp */
    bool source_watermark;   /* WATERMARK ... AS SOURCE_WATERMARK() */
    unsigned stream_changelog; /* DataStreamScan: the CL_* kinds the stream carries
                              * (fromChangelogStream's mode; CL_INSERT for fromDataStream) */
    /* scans: the primary key (of the output columns); ChangelogNormalize: its key;
     * Sink / SinkUpsertMaterializer: the sink's primary key (of the sink's columns) */
    int npk;
    const int *pk;

    /* Calc (exprs: ncols of them, cond may be NULL), Sink (exprs: the conversion to the
     * sink's columns), Values and Correlate (the Rel holds the rows / the call) */
    const Expr *cond;
    const Expr *const *exprs;
    /* WatermarkAssigner; TableSourceScan: the watermark the source generates
     * (over its fields; interval_ms its idle timeout), NULL when it does not */
    const Expr *watermark;   /* over the input's columns */
    int rowtime;             /* WatermarkAssigner: the rowtime column; Sink: the input's rowtime (-1) */

    /* Exchange */
    PhysDist dist;
    int nkeys;               /* also the keys of Local/GlobalGroupAggregate's exchange */
    const int *keys;

    /* aggregates: keys, then calls; Expand: the grouping sets over the keys */
    int ngroup;
    const int *group;
    int naggs;
    const PhysAgg *aggs;
    int ndistinct;           /* two-phase: the DISTINCT views (argument columns) */
    const ColSet *distincts;
    bool merge;              /* batch: the global phase of a two-phase aggregate (isMerge) */
    PartialFinal partial_final; /* stream aggregates of a split distinct aggregation */
    bool count1;             /* LocalGroupAggregate over retractions: its record counter is a
                              * column of its own (count1$<n>, after the calls' fields) */
    int nsets;
    const uint64_t *sets;
    /* WindowAggregate with its window table function merged in: the
     * windows it assigns from input column `rowtime`; its columns are the
     * keys, the calls, then window_start, window_end (and window_time when
     * window_props is 3). NULL: the windows are input columns. */
    const GroupWindow *window;
    int window_props;
    /* attached: a WindowAggregate over windows its input's rows carry (a
     * cascaded window aggregation, or one over a window table function it
     * could not merge): win_start[0] / win_end[0] are those input columns,
     * `window` their window, the output as a merged one's. WindowRank,
     * WindowDeduplicate: the same columns among the partition keys;
     * WindowJoin: per input (0 left, 1 right), among the join keys. */
    bool attached;
    int win_start[2], win_end[2];

    /* joins: the equi-join keys (left columns, right columns) and the whole condition */
    JoinType join;
    int njk;
    const int *lkeys, *rkeys;
    const Expr *join_cond;   /* over left + right columns; NULL: true */
    bool broadcast;          /* batch: the build side is broadcast */
    bool build_left;         /* batch: the left input is the build side */
    bool single_row;         /* batch NestedLoopJoin: its build side has one row at most (singleRowJoin) */

    /* Rank, Deduplicate, Sort, SortLimit, Limit */
    int norder;
    const int *order;        /* Rank: the ORDER BY keys; Deduplicate: the time column */
    const bool *desc;
    const bool *nulls_first;
    int64_t offset, fetch;   /* -1: absent */
    RankFn rank_fn;
    int64_t rank_start, rank_end;
    bool output_rank;
    RankStrategy strategy;
    ColSet strategy_key;     /* RS_UPDATE_FAST: the upsert key it relies on */
    bool keep_last;          /* Deduplicate */
    bool on_rowtime;         /* Deduplicate: ordered by a rowtime attribute */
    bool global;             /* batch Limit / SortLimit / Rank: the global phase */
    bool batch_over;         /* OverAggregate: the BATCH operator (EXPLAIN prints window#i=[...]) */
    bool batch_values;       /* Values: BATCH's (EXPLAIN prints values=[..], not the row type) */

    /* MiniBatchAssigner */
    int64_t interval_ms;
    bool mb_rowtime;

    /* Sink: its columns are the sink's; exprs convert the input to them */
    PhysSinkKind sink_kind;
    const char *sink_name;   /* the identifier in messages and plans */
    /* the field names plans print: the query's when every column goes in
     * as it is (no cast, no column list, no static partition, no metadata:
     * Flink renames the sink's input only when DynamicSinkUtils casts it),
     * else NULL (the sink's names) */
    const char *const *shown_names;
    bool sink_target_columns; /* INSERT with a column list */
    const TableEntry *sink_table;
    const Connector *sink_conn;
    const SinkSpec *sink_spec;
    const Type *sink_type;   /* stream sinks: the target record type */
    unsigned accepts;        /* the CL_* kinds the sink consumes */
    bool upsert_materialize; /* a SinkUpsertMaterializer is its input */
    int ts_only;             /* stream sinks: the column (of the sink's) that only feeds the record
                              * timestamp, left out of the records (-1: none) */
};

/* ---- building ------------------------------------------------------------------------ */

/* Whether e reads columns >= nl only (a join's right side), one at least. */
bool eddy__phys_right_only(const Expr *e, int nl);

/* A node with room for ncols columns and nin inputs (arena a), its traits
 * insert-only. */
PhysNode *eddy__phys_new(Arena *a, PhysNodeKind kind, int ncols, int nin);
/* A copy of n with its own input array (the inputs shared). */
PhysNode *eddy__phys_copy(Arena *a, const PhysNode *n);
/* Gives n the columns of `from` (shared arrays). */
void eddy__phys_same_cols(PhysNode *n, const PhysNode *from);

/* The local phase of a two-phase aggregate over `in`: the keys (in's
 * columns `group`), each call's accumulator fields (sum$0, count$1, ...,
 * Flink's names; retract: the retracting functions' fields, and the record
 * counter count1$<n> unless a call is COUNT(*)) and, with views, the
 * DISTINCT views (distinct$0); the calls are copied with their accumulator
 * names set. NULL: out of memory. */
PhysNode *eddy__phys_local_agg(Arena *a, PhysNodeKind kind, const PhysNode *in, int ng, const int *group, int na,
                               const PhysAgg *aggs, bool views, bool retract, const Rel *r);

/* Whether an aggregate function can run in two phases (accumulate
 * locally, merge globally). */
bool eddy__phys_agg_splittable(const AggCall *ac);

/* The consumer a plan is built for. */
typedef struct PhysSinkReq {
    PhysSinkKind kind;
    const char *name;              /* the identifier ("default_catalog.default_database.t", "*anonymous_datastream_sink$1*") */
    const TableEntry *table;       /* PSINK_TABLE */
    const InsertSpec *ins;         /* PSINK_TABLE */
    const StreamSinkSpec *stream;  /* PSINK_DATASTREAM / APPEND / RETRACT / CHANGELOG */
} PhysSinkReq;

/* The physical plan of r for the runtime mode: the logical rewrite
 * (rules.c), the physical tree, its changelog inference and the rewrites
 * that need it (two-phase aggregation, the upsert materializer). sink NULL:
 * a query EXPLAIN prints without a sink (update-before not required). Errors:
 * Flink's messages (validation of sources and sinks, "doesn't support
 * consuming update changes ...", "Can't generate a valid execution plan
 * ..."). */
eddy_status eddy__phys_plan(const PlanEnv *pe, const Rel *r, const PhysSinkReq *sink, const PhysNode **out,
                            EdErr *err);

/* Checks a source's changelog as Flink's DynamicSourceUtils does: inserts
 * only in batch mode; upserts (UPDATE_AFTER without UPDATE_BEFORE) need a
 * primary key; UPDATE_BEFORE needs UPDATE_AFTER. */
eddy_status eddy__phys_check_source_changelog(bool streaming, const char *table, unsigned cl, int npk, EdErr *err);

/* The logical rewrite of r, then Rel -> PhysNode for the mode, without
 * changelog traits (phys_build.c). */
eddy_status eddy__phys_build(const PlanEnv *pe, const Rel *r, const PhysSinkReq *sink, PhysNode **out, EdErr *err);

/* Changelog-mode inference (changelog.c), Flink's FlinkChangelogModeInferenceProgram:
 * the kinds each node produces bottom-up (failing with "<requester> doesn't
 * support consuming <kinds> changes which is produced by node <node>"),
 * then how updates are sent, top-down from the root, trying ONLY_UPDATE_AFTER
 * before BEFORE_AND_AFTER unless update_before_required; DropUpdateBefore
 * and the sink upsert materializer where Flink puts them. Returns a new
 * tree. */
eddy_status eddy__phys_infer_changelog(const PlanEnv *pe, const PhysNode *root, bool update_before_required,
                                       const PhysNode **out, EdErr *err);
/* A Flink duration ("1 s", "500ms", "5 min") in ms; -1 when malformed. */
int64_t eddy__phys_duration_ms(const char *s);
/* The option value (the session's), or def. */
const char *eddy__phys_option(const PlanEnv *pe, const char *key, const char *def);

/* ---- keys (phys_keys.c) -------------------------------------------------------------- */

/* The upsert keys of n's output (Flink's FlinkRelMdUpsertKeys); NULL when
 * unknown. */
const KeySets *eddy__phys_upsert_keys(Arena *a, const PhysNode *n);
/* The same, looking through an Exchange hashing by exactly `keys`
 * (getUpsertKeysInKeyGroupRange). */
const KeySets *eddy__phys_upsert_keys_in_key_group(Arena *a, const PhysNode *n, int nkeys, const int *keys);
/* What a join knows of input side (0 left, 1 right). */
JoinInputSpec eddy__phys_join_input_spec(Arena *a, const PhysNode *join, int side);
/* Whether an upsert key of input `side` of a join contains all its join keys
 * (the input may then send upserts, Flink's inputUniqueKeyContainsJoinKey). */
bool eddy__phys_join_unique_key_contains_join_key(Arena *a, const PhysNode *join, int side);
/* Whether ks has a key that `cols` (n of them) contains / that contains them. */
bool eddy__keys_any_within(const KeySets *ks, int n, const int *cols);
bool eddy__keys_any_covering(const KeySets *ks, int n, const int *cols);

/* Monotonicity of a column under updates (Flink's RelModifiedMonotonicity). */
typedef enum Mono { MONO_NOT, MONO_CONSTANT, MONO_INCREASING, MONO_DECREASING } Mono;
/* Per output column, or NULL when unknown. */
const Mono *eddy__phys_monotonicity(Arena *a, const PhysNode *n);

/* ---- EXPLAIN (phys_explain.c) ------------------------------------------------------- */

/* The node's name as Flink prints it. */
const char *eddy__phys_name(const PhysNode *n);
/* The node's terms ("groupBy=[a], select=[a, COUNT(*) AS EXPR$1]"):
 * XS_DIGEST as the optimized physical plan prints them, XS_INFIX as the
 * optimized execution plan and error messages do. */
void eddy__phys_terms(Buf *b, const PhysNode *n, ExprStyle style);
/* "Name(terms)" in the infix form: the node in Flink's messages. */
void eddy__phys_describe(Buf *b, const PhysNode *n);
/* The tree as EXPLAIN prints it: exec false for the optimized physical plan
 * (with changelogMode / costs per details), true for the execution plan. */
void eddy__phys_print(Buf *b, const PhysNode *root, bool exec, unsigned details);
/* The execution plan with Flink's sub-plan reuse (sub_plans:
 * table.optimizer.reuse-sub-plan-enabled; sources: reuse-source-enabled):
 * a subtree printed again is `Reused(reference_id=[n])` and the first one
 * ends its line with `(reuse_id=[n])`, ids in the order of first reuse.
 * Digests are arena-allocated. false: out of memory. */
bool eddy__phys_print_reused(Buf *b, Arena *a, const PhysNode *root, bool sub_plans, bool sources);
/* The execution plan of several roots (a statement set), as Flink's
 * ExecNodePlanDumper.dagToString: with sub-plan reuse, a subtree shared
 * anywhere is printed once as a block of its own (`(reuse_id=[n])`), after
 * the blocks it uses, and `Reused(reference_id=[n])` wherever it recurs;
 * each root is a block. One root: as eddy__phys_print_reused. */
bool eddy__phys_print_dag(Buf *b, Arena *a, const PhysNode *const *roots, int n, bool sub_plans, bool sources);
/* Flink's SinkReuser (table.optimizer.reuse-sink-enabled): the INSERTs of a
 * statement set into the same table with the same column types, target
 * columns, changelog traits and upsert materialization become one sink (the
 * first) over a Union of their inputs. Rewrites roots in place; returns
 * how many remain, -1 when memory runs out. */
int eddy__phys_reuse_sinks(Arena *a, const PhysNode **roots, int n);
/* The same decision for translation (reuse.c): the digests (the subtree's
 * execution-plan text) of the subtrees printed with a reuse_id, *n of them,
 * digests[i] the one of reuse_id i + 1; and the digest of a node when it
 * may be reused at all (else NULL; *oom: out of memory). false: out of
 * memory. Arena-allocated. */
bool eddy__phys_reused(Arena *a, const PhysNode *root, bool sources, const char ***digests, int *n);
const char *eddy__phys_reuse_digest(Arena *a, const PhysNode *n, bool sources, bool *oom);

/* ---- translation (translate.c) ------------------------------------------------------- */

/* The output of a translated node: the stream node producing its rows and
 * how they travel to the consumer (an Exchange sets part and key). */
typedef struct TransOut {
    StreamNode *node;
    PartKind part;
    const KeySpec *key;
    /* a scan's conversion Calc, still open to take the Calc and the
     * watermark above it (nothing else reads it yet) */
    struct CalcPlan *open;
    bool open_identity;      /* and it still passes its input through */
} TransOut;

typedef struct TranslateCtx {
    const PlanEnv *pe;
    Arena *a;
    const Rel *root_rel;     /* the query as the API sees it (its column names) */
    bool reuse_on;           /* source reuse (reuse.c) */
    struct ReusedSource *reused;
    /* sub-plan reuse (reuse.c): the subtrees EXPLAIN prints as reused, by
     * digest, and the output of each once translated (node NULL: not yet) */
    int nshared;
    const char **shared_digest;
    TransOut *shared_out;
} TranslateCtx;

/* Source reuse (reuse.c): whether the options allow it; the source node
 * already made for table t in this translation (NULL: none yet); remembering
 * one (false: out of memory). */
bool eddy__reuse_source_enabled(const PlanEnv *pe);
StreamNode *eddy__reuse_source_find(TranslateCtx *cx, const TableEntry *t);
bool eddy__reuse_source_add(TranslateCtx *cx, const TableEntry *t, StreamNode *n);
/* Sub-plan reuse (reuse.c): finds the reused subtrees of root (none when
 * table.optimizer.reuse-sub-plan-enabled is false); then per node, the
 * index of its subtree among them (*shared, -1: translated as usual) --
 * when already translated, *out is its output and *done is set. */
eddy_status eddy__reuse_subplans(TranslateCtx *cx, const PhysNode *root, EdErr *err);
eddy_status eddy__reuse_subplan_find(TranslateCtx *cx, const PhysNode *p, int *shared, TransOut *out, bool *done,
                                     EdErr *err);
/* Remembers the output of shared subtree i for its other consumers (closed:
 * nothing merges into it any more). */
void eddy__reuse_subplan_add(TranslateCtx *cx, int i, TransOut *out);

/* The translate function of a kind: out from the node and its inputs'
 * outputs (p->nin of them). Implementations live in their operators' files
 * and are named in phys_kinds.h. */
typedef eddy_status PhysTranslateFn(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                    EdErr *err);

/* Every translate function phys_kinds.h names is declared here. */
#define PHYS_KIND(k, name, feature)
#define PHYS_OP(k, name, feature, fn) PhysTranslateFn fn;
#include "plan/phys_kinds.h"
#undef PHYS_KIND
#undef PHYS_OP

/* Whether two OVER aggregates share one window (partition, order, frame). */
bool eddy__over_same_window(const OverSpec *a, const OverSpec *b);

typedef struct PhysNodeKindInfo {
    const char *name;
    const char *feature;
    PhysTranslateFn *translate; /* NULL: "not supported yet: <feature>" */
} PhysNodeKindInfo;
/* Indexed by PhysNodeKind. */
extern const PhysNodeKindInfo eddy__phys_kinds[PK__COUNT];

/* Checks that every node of the tree has an operator: else "not supported
 * yet: <feature>" of the first one, the nodes made from Rels first (in
 * pre-order), then the ones the planner added. */
eddy_status eddy__phys_check(const PhysNode *root, EdErr *err);
/* Translates a checked tree; *out: the node producing the root's rows (a
 * Sink's: its sink node, or for stream sinks the last conversion). */
eddy_status eddy__phys_translate(const PlanEnv *pe, const Rel *root_rel, const PhysNode *root, StreamNode **out,
                                 EdErr *err);

/* Helpers for translate functions. */
/* The ROW type of p's columns without time attributes: the batches it emits. */
const Type *eddy__translate_row_type(TranslateCtx *cx, const PhysNode *p);
/* A stream node for p with nin inputs. */
StreamNode *eddy__translate_node(TranslateCtx *cx, const PhysNode *p, NodeKind kind, const char *name,
                                 const OpVtab *vt, const void *plan, int nin);
/* Connects input i of dst to a translated input (its partitioning and key). */
void eddy__translate_connect(StreamNode *dst, int i, const TransOut *in);
/* Window properties of a PhysNode's columns (window_props.c), as
 * eddy__rel_window_col: WP_START / WP_END / WP_ROWTIME or -1. */
int eddy__phys_window_col(const PhysNode *n, int col, WindowInfo *wi);
/* The window of the window_start / window_end among columns cols[0..n) of
 * in (cols NULL: all of in's), *start / *end those columns (-1 when
 * absent); NULL without a window_end, or when the two are of different
 * windows. */
const GroupWindow *eddy__phys_window_keys(const PhysNode *in, int n, const int *cols, int *start, int *end,
                                          WindowInfo *wi);
/* Whether column col of in is a window_start or window_end. */
bool eddy__phys_is_window_col(const PhysNode *in, int col);
/* "TUMBLE(win_start=[ws], win_end=[we], size=[10 min])": window w as
 * Flink's WindowAggregate / WindowRank / WindowDeduplicate / WindowJoin print
 * an attached window; ws NULL: "TUMBLE(size=[10 min])", as Flink's window
 * join errors name it (translate_window_rank.c). */
void eddy__attached_window_text(Buf *b, const GroupWindow *w, const char *ws, const char *we);
/* An interval join's "windowBounds=[...], " (translate_interval_join.c). */
void eddy__interval_bounds_text(Buf *b, const PhysNode *n);
/* A temporal join's where=[...] text: its conjuncts and Flink's
 * __TEMPORAL_JOIN_CONDITION(left time, version time, primary key, keys). */
void eddy__temporal_where_text(Buf *b, const PhysNode *n, const char *const *fields, ExprStyle st);
/* A key over columns of p's input for a hash edge. */
const KeySpec *eddy__translate_key(TranslateCtx *cx, const PhysNode *in, int nkeys, const int *cols);
/* The plan of an aggregation node's calls, keys and accumulator record
 * (translate_agg.c; GroupAggregate's, shared by the window aggregation). */
struct GroupAggPlan;
eddy_status eddy__group_agg_plan(TranslateCtx *cx, const PhysNode *p, struct GroupAggPlan **out, EdErr *err);
/* The stream node of an aggregation node p over in[0]: on one instance when
 * its input is gathered (no keys). */
eddy_status eddy__translate_agg_node(TranslateCtx *cx, const PhysNode *p, const char *name, const OpVtab *vt,
                                     const void *plan, const TransOut *in, TransOut *out, EdErr *err);

#endif
