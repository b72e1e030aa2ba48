/*
 * graph.c -- creating stream graph nodes. See graph.h.
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
