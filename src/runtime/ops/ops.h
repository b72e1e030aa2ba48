/*
 * ops.h -- the runtime's operators: their vtabs and the immutable plan data
 * each expects in StreamNode.op.plan.
 */
#ifndef EDDY_OPS_H
#define EDDY_OPS_H

#include <stdio.h>

#include "expr/expr.h"
#include "runtime/op.h"
#include "types/row.h"

/* ---- sources ------------------------------------------------------------------ */

/* Emits pre-built batches (fromElements); parallelism 1. */
typedef struct ValuesPlan {
    int nbatches;
    Batch **batches; /* owned references, released with the env */
} ValuesPlan;
extern const OpVtab eddy__op_values;

/* fromSequence(from, to): BIGINT NOT NULL, split over subtasks. */
typedef struct SequencePlan {
    int64_t from, to;
} SequencePlan;
extern const OpVtab eddy__op_sequence;

/* A user source callback. */
typedef struct UserSourcePlan {
    eddy_source_fn fn;
    /* eddy_from_checkpointed_source: its position (both set, and the op is
     * eddy__op_checkpointed_source) */
    eddy_source_snapshot_fn snapshot;
    eddy_source_restore_fn restore;
    void *ctx;
} UserSourcePlan;
extern const OpVtab eddy__op_user_source;
/* the same with position / seek through the plan's snapshot / restore */
extern const OpVtab eddy__op_checkpointed_source;

/* ---- user functions --------------------------------------------------------------- */

typedef enum UdfKind { UDF_MAP, UDF_FLAT_MAP, UDF_FILTER } UdfKind;
typedef struct UdfPlan {
    UdfKind kind;
    void *fn; /* eddy_map_fn / eddy_flat_map_fn / eddy_filter_fn */
    void *ctx;
    const Type *in_type;  /* record type of the input */
} UdfPlan;
extern const OpVtab eddy__op_udf;

/* Keyed reduce: a user function, or a built-in sum of one field. */
typedef struct ReducePlan {
    const KeySpec *key;
    const Type *type; /* record type (input = output) */
    eddy_reduce_fn fn;
    void *ctx;
    int sum_field; /* -1 unless a built-in sum */
} ReducePlan;
extern const OpVtab eddy__op_reduce;

/* Keyed process function (process.c): a user KeyedProcessFunction with
 * keyed state and timers. The plan holds a copy of the callbacks. */
typedef struct KeyedProcessPlan {
    const KeySpec *key;
    const Type *in_type;  /* record type of the input */
    const Type *key_type; /* the key as a row (one field: that field's type) */
    eddy_keyed_process_fn fn;
    void *ctx;
} KeyedProcessPlan;
extern const OpVtab eddy__op_keyed_process;

/* A handle the keyed-state functions of the API (api/keyed_state.c) hang on
 * a context: freed with the operator instance. */
typedef struct KctxHandle KctxHandle;
struct KctxHandle {
    KctxHandle *next;
    const char *name;
    int kind; /* StateKind */
    void (*free)(KctxHandle *h);
};

typedef enum KctxPhase { KC_OPEN, KC_ELEMENT, KC_TIMER, KC_CLOSE } KctxPhase;

/* The Context of a keyed process function (eddy.h's eddy_keyed_ctx): what
 * the operator (process.c) sets before each callback and the API's ctx
 * functions read. */
struct eddy_keyed_ctx {
    Op *op;
    StateBackend *be;
    const KeyedProcessPlan *plan;
    KctxPhase phase;
    StateKey key;      /* the current key (bytes valid for the callback) */
    eddy_row key_row;  /* the same key as a row */
    bool has_ts;
    int64_t ts;
    TimeDomain domain; /* of the timer firing */
    void *local;
    KctxHandle *handles;
    Arena *arena;      /* the task's: types of the handles */
    bool failed;       /* a ctx call failed: the job fails after the callback */
    /* A window function's state store (eddy_window_ctx_window_state /
     * global_state): plan NULL, the key type here, the state read and
     * written in namespace ns (the window's, or none); no timers. */
    const Type *store_key_type;
    StateNs ns;
};

/* ---- sinks --------------------------------------------------------------------- */

typedef struct PrintPlan {
    const char *id;   /* sink identifier, or NULL */
    FILE *file;       /* NULL: stdout */
    bool to_err;
    const Type *type; /* record type */
} PrintPlan;
extern const OpVtab eddy__op_print;

typedef struct UserSinkPlan {
    eddy_sink_fn fn;
    void *ctx;
    const Type *type;
} UserSinkPlan;
extern const OpVtab eddy__op_user_sink;

/* Forwards its input to the job's client channel (executeAndCollect). */
extern const OpVtab eddy__op_collect;

/* ---- table operators ------------------------------------------------------------------ */

/* Projection and filter with compiled expressions (Flink's Calc); also the
 * conversions at the borders between DataStream and Table. */
typedef struct CalcPlan {
    const Expr *filter;   /* NULL: keep all rows */
    int nexprs;
    const Expr *const *exprs;
    const TimeZone *tz;
    /* input conversion (fromDataStream): reject non-insert rows */
    bool insert_only_input;
    /* metadata: column fed from the record timestamp (-1 none) -- the
     * expression list refers to it as input column `ts_col` */
    int ts_col;
    /* rowtime output column written into the record timestamp (-1 none) */
    int rowtime_out;
    /* watermark generation: expression over the output columns (NULL: none);
     * source_watermark: forward upstream watermarks */
    const Expr *watermark;
    bool source_watermark;
    /* table.exec.source.idle-timeout with a watermark: no row for longer
     * than this (ms of the job's clock, checked every auto-watermark
     * interval) marks the output idle until the next row (0: never) */
    int64_t idle_timeout_ms;
    bool drop_upstream_watermarks;
    bool drop_timestamps; /* clear record timestamps (toDataStream without rowtime) */
    bool skip_null_records; /* atomic input: a NULL value is a null record, skipped */
} CalcPlan;
extern const OpVtab eddy__op_calc;

/* ORDER BY / OFFSET / FETCH over one global subtask (sort.c). Without keys
 * it forwards rows offset .. offset + fetch as they come; with keys it sorts
 * its whole (bounded) input at the end. */
/* Row si of v into its row di of the same vector; strings share the
 * vector's own bytes (its heap lives as long as it does) instead of being
 * copied. */
static inline void eddy__vec_copy_within(Vector *v, uint32_t di, uint32_t si) {
    if (v->phys != PH_STR) {
        eddy__vec_copy_value(v, di, v, si);
    } else if (vec_is_null(v, si)) {
        eddy__vec_set_null(v, di);
    } else {
        vec_set_valid(v, di);
        VEC_DATA(v, StrView)[di] = VEC_DATA(v, StrView)[si];
    }
}

typedef struct SortPlan {
    int nkeys;
    const int *keys;
    const bool *desc;
    const bool *nulls_first;
    int64_t offset; /* -1 or 0: none */
    int64_t fetch;  /* -1: all */
    /* A Top-N's sort (batch Rank with ROW_NUMBER <= group_limit): the first
     * ngroup keys are the partition; only the first group_limit rows of each
     * partition in sort order are kept (0: every row). */
    int ngroup;
    int64_t group_limit;
} SortPlan;
extern const OpVtab eddy__op_sort;

/* LATERAL TABLE / UNNEST (correlate.c): for each input row, the rows a
 * function gives for it, each joined to the input row (its columns first,
 * its row kind and record timestamp). */
typedef struct CorrelatePlan {
    int nin;              /* input columns, copied to the front of each output row */
    int nargs;
    const Expr *const *args; /* the function's arguments over the input columns */
    const TimeZone *tz;
    bool outer;           /* LEFT: an input row without rows is kept, NULL-padded */
    /* UNNEST (fn == NULL): args[0] is an ARRAY / MAP / MULTISET; ROW elements
     * spread over their fields; ordinality adds the 1-based position */
    bool ordinality;
    /* a C table function: eval fills rows of fn_row (nfn columns) */
    eddy_table_fn fn;
    void *ctx;
    const char *fn_name;
    const Type *args_row;
    const Type *fn_row;
    int nfn;
    const Type *const *fn_types;
} CorrelatePlan;
extern const OpVtab eddy__op_correlate;

/* Union of inputs (forwards everything); used where a node is needed. */
extern const OpVtab eddy__op_forward;

#endif
