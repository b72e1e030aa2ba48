/*
 * graph.c -- creating stream graph nodes, and the stable operator ids
 * derived from a graph's shape. See graph.h.
 */
#include "runtime/graph.h"

static int next_node_id;

StreamNode *eddy__node_new(Arena *a, NodeKind kind, const char *name, const OpVtab *vt, const void *plan,
                           const Type *type, int nin) {
    StreamNode *n = eddy__arena_alloc(a, sizeof *n);
    if (!n) return NULL;
    n->id = __atomic_add_fetch(&next_node_id, 1, __ATOMIC_RELAXED);
    n->kind = kind;
    n->name = eddy__arena_strdup(a, name ? name : "Operator");
    n->op.vt = vt;
    n->op.plan = plan;
    n->nin = nin;
    n->in = eddy__arena_alloc(a, sizeof(StreamInput) * (size_t)(nin ? nin : 1));
    if (!n->in || !n->name) return NULL;
    if (type) eddy__node_set_type(a, n, type);
    return n;
}

void eddy__node_set_type(Arena *a, StreamNode *n, const Type *type) {
    n->type = type;
    n->ncols = eddy__type_column_count(type);
    const Type **cols = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(n->ncols ? n->ncols : 1));
    if (!cols) return;
    for (int i = 0; i < n->ncols; i++) cols[i] = eddy__type_column_type(type, i);
    n->col_types = cols;
}

OpUid eddy__uid_user(const char *uid) {
    size_t n = strlen(uid);
    OpUid u = {{eddy__hash_bytes(uid, n, 0x75736572ULL), eddy__hash_bytes(uid, n, 0x6f706964ULL)}};
    return u;
}

OpUid eddy__uid_derive(int position, const OpUid *in, int nin) {
    OpUid u = {{eddy__hash_u64((uint64_t)position * 2 + 0x9e3779b97f4a7c15ULL),
                eddy__hash_u64((uint64_t)position * 2 + 1 + 0x6a09e667f3bcc909ULL)}};
    /* each input folds in as Flink folds them: h = h * 37 ^ input */
    for (int i = 0; i < nin; i++)
        for (int k = 0; k < 2; k++) u.h[k] = u.h[k] * 37 ^ in[i].h[k];
    return u;
}

void eddy__uid_hex(OpUid u, char out[33]) {
    static const char hex[] = "0123456789abcdef";
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 16; i++) out[k * 16 + i] = hex[(u.h[k] >> (60 - 4 * i)) & 15];
    out[32] = 0;
}
