/*
 * graph.h -- the stream graph: what both APIs build and the runtime runs.
 *
 * A StreamNode is one operator of a pipeline (Flink's Transformation): its
 * operator spec (vtab + immutable plan data), the layout of the batches it
 * emits, its parallelism and its inputs with their partitioning. The
 * DataStream API creates nodes directly; the Table API's planner compiles
 * tables into nodes. Nodes live in their env's arena and are immutable once a
 * job built from them starts (parallelism may still be set before that).
 *
 * At execution, the nodes reachable upstream from the job's sinks become a job
 * graph (job.h): chains of nodes fused into tasks, one task per subtask.
 */
#ifndef EDDY_GRAPH_H
#define EDDY_GRAPH_H

#include "types/vector.h"

typedef struct OpVtab OpVtab;
typedef struct StreamNode StreamNode;

/* How records travel along an edge. DEFAULT becomes FORWARD when both ends
 * have the same parallelism and REBALANCE otherwise (Flink's rule). */
typedef enum PartKind {
    PART_DEFAULT,
    PART_FORWARD,
    PART_REBALANCE,
    PART_HASH,
    PART_BROADCAST,
    PART_GLOBAL
} PartKind;

/* Computes the key of each visible row of a batch into key vectors (one per
 * key column, each with at least b->n slots, indexed by physical row).
 * Returns a status; on error it fills err. Runs on worker threads. */
typedef struct KeySpec KeySpec;
typedef eddy_status (*KeyExtractFn)(const KeySpec *ks, const Batch *b, Vector **keys, EdErr *err);

/* The key of a keyed edge / keyed operator: either columns of the input, or
 * a function (user key selector) producing key columns of key_types. */
struct KeySpec {
    int nkeys;
    const int *cols;          /* input columns, when fn is NULL */
    const Type *const *types; /* key column types */
    KeyExtractFn fn;          /* NULL: take cols directly */
    void *fn_data;
};

/* The operator of a node: a vtab and its immutable plan data. */
typedef struct OpSpec {
    const OpVtab *vt;
    const void *plan;
} OpSpec;

typedef struct StreamInput {
    StreamNode *from;
    PartKind part;
    const KeySpec *key; /* PART_HASH */
    int input_index;    /* which logical input of the operator (two-input ops) */
    int side;           /* 0: the producer's main output; k > 0: its side output k */
} StreamInput;

typedef enum NodeKind { NODE_SOURCE, NODE_OPERATOR, NODE_SINK, NODE_UNION } NodeKind;

struct StreamNode {
    int id;
    NodeKind kind;
    const char *name;
    OpSpec op;
    /* The record type of the output (eddy_stream_type) and the batch layout
     * it implies (its columns). */
    const Type *type;
    int ncols;
    const Type *const *col_types;
    int parallelism;        /* 0 = the env default at execution */
    int max_parallelism;    /* 0 = the env default */
    bool fixed_parallelism; /* non-parallel source: always 1 */
    bool bounded;           /* sources: finite input */
    int nin;
    StreamInput *in;
    /* Sinks whose results are delivered to the client (collect sink). */
    bool is_collect;
    /* The user's stable id for the operator (eddy_stream_uid), or NULL: the
     * job derives one from the graph (eddy__uid_derive). */
    const char *uid;
};

/* Creates a node in arena `a` with room for nin inputs. */
StreamNode *eddy__node_new(Arena *a, NodeKind kind, const char *name, const OpVtab *vt, const void *plan,
                           const Type *type, int nin);
/* Sets the output type and derives the column layout. */
void eddy__node_set_type(Arena *a, StreamNode *n, const Type *type);

/* Operator ids (Flink's OperatorID, StreamGraphHasherV2's scheme): 128 bits,
 * printed as 32 hex digits. A node with a user uid gets the hash of that
 * string; any other node the hash of its position in the job's topological
 * order, mixed with the ids of its inputs (in input order) -- the same graph
 * built again, in this process or another, gets the same ids, and no
 * counter of the process takes part. */
typedef struct OpUid {
    uint64_t h[2];
} OpUid;
/* The id of a node with user uid `uid`. */
OpUid eddy__uid_user(const char *uid);
/* The id of the node at `position` with inputs of ids in[0..nin). */
OpUid eddy__uid_derive(int position, const OpUid *in, int nin);
/* 32 lowercase hex digits and a NUL into out. */
void eddy__uid_hex(OpUid u, char out[33]);

#endif
