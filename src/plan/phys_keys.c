/*
 * phys_keys.c -- what the planner knows of a physical node's rows: its
 * upsert keys (Flink's FlinkRelMdUpsertKeys: column sets unique among the
 * rows alive, and co-located by the exchanges below, so that a change for
 * a key replaces the previous row of that key) and the monotonicity of its
 * columns under updates (a simplified FlinkRelMdModifiedMonotonicity).
 *
 * Keys: a scan's primary key; the grouping keys of an aggregate; the
 * partition keys of a deduplication; a projection keeps the keys whose
 * columns it passes through; a hash exchange keeps the keys containing its
 * distribution keys; joins combine their inputs' keys as Flink's
 * getJoinUniqueKeys does. NULL is "unknown".
 */
#include "plan/phys.h"

/* ---- key sets ----------------------------------------------------------------------------- */

static KeySets *ks_new(Arena *a, int cap) {
    KeySets *ks = eddy__arena_alloc(a, sizeof *ks);
    ColSet *keys = eddy__arena_alloc(a, sizeof(ColSet) * (size_t)(cap + 1));
    if (!ks || !keys) return NULL;
    ks->keys = keys;
    return ks;
}

static bool contains(const ColSet *k, int c) {
    for (int i = 0; i < k->n; i++)
        if (k->cols[i] == c) return true;
    return false;
}

static bool same(const ColSet *x, const ColSet *y) {
    if (x->n != y->n) return false;
    for (int i = 0; i < x->n; i++)
        if (x->cols[i] != y->cols[i]) return false;
    return true;
}

/* Adds a key (sorted copy; a duplicate is dropped). ks has room. */
static bool ks_add(Arena *a, KeySets *ks, int n, const int *cols) {
    int *c = eddy__arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    if (!c) return false;
    int m = 0;
    for (int i = 0; i < n; i++) {
        bool dup = false;
        for (int j = 0; j < m; j++) dup = dup || c[j] == cols[i];
        if (!dup) c[m++] = cols[i];
    }
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            int t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    ColSet k = {m, c};
    for (int i = 0; i < ks->n; i++)
        if (same(&ks->keys[i], &k)) return true;
    ((ColSet *)ks->keys)[ks->n++] = k;
    return true;
}

static const KeySets *one_key(Arena *a, int n, const int *cols) {
    KeySets *ks = ks_new(a, 1);
    return ks && ks_add(a, ks, n, cols) ? ks : NULL;
}

static const KeySets *range_key(Arena *a, int n) {
    int *cols = eddy__arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    if (!cols) return NULL;
    for (int i = 0; i < n; i++) cols[i] = i;
    return one_key(a, n, cols);
}

bool eddy__keys_any_within(const KeySets *ks, int n, const int *cols) {
    for (int i = 0; ks && i < ks->n; i++) {
        bool all = true;
        for (int j = 0; j < ks->keys[i].n && all; j++) {
            bool found = false;
            for (int k = 0; k < n; k++) found = found || cols[k] == ks->keys[i].cols[j];
            all = found;
        }
        if (all) return true;
    }
    return false;
}

bool eddy__keys_any_covering(const KeySets *ks, int n, const int *cols) {
    for (int i = 0; ks && i < ks->n; i++) {
        bool all = true;
        for (int k = 0; k < n && all; k++) all = contains(&ks->keys[i], cols[k]);
        if (all) return true;
    }
    return false;
}

/* The keys containing every column of `dist` (Flink's filterKeys). */
static const KeySets *filter_keys(Arena *a, const KeySets *ks, int n, const int *dist) {
    if (!ks) return NULL;
    KeySets *out = ks_new(a, ks->n);
    if (!out) return NULL;
    for (int i = 0; i < ks->n; i++) {
        bool all = true;
        for (int k = 0; k < n && all; k++) all = contains(&ks->keys[i], dist[k]);
        if (all) ((ColSet *)out->keys)[out->n++] = ks->keys[i];
    }
    return out;
}

/* The input's keys through a projection: a key survives when each of its
 * columns is projected as is. */
static const KeySets *project_keys(Arena *a, const KeySets *ks, int n, const Expr *const *exprs) {
    if (!ks) return NULL;
    KeySets *out = ks_new(a, ks->n);
    if (!out) return NULL;
    /* a projection of no input column keeps no key, not even the empty one
     * of a global aggregate (FlinkRelMdUniqueKeys.getProjectUniqueKeys) */
    bool refs = false;
    for (int e = 0; e < n && !refs; e++) refs = exprs[e]->kind == EX_COLUMN;
    if (!refs) return out;
    for (int i = 0; i < ks->n; i++) {
        const ColSet *k = &ks->keys[i];
        int *cols = eddy__arena_alloc(a, sizeof(int) * (size_t)(k->n + 1));
        if (!cols) return NULL;
        bool all = true;
        for (int j = 0; j < k->n && all; j++) {
            cols[j] = -1;
            for (int e = 0; e < n && cols[j] < 0; e++)
                if (exprs[e]->kind == EX_COLUMN && exprs[e]->index == k->cols[j]) cols[j] = e;
            all = cols[j] >= 0;
        }
        if (all && !ks_add(a, out, k->n, cols)) return NULL;
    }
    return out;
}

/* A key set shifted by `by` columns. */
static const KeySets *shift(Arena *a, const KeySets *ks, int by) {
    if (!ks) return NULL;
    KeySets *out = ks_new(a, ks->n);
    if (!out) return NULL;
    for (int i = 0; i < ks->n; i++) {
        int *cols = eddy__arena_alloc(a, sizeof(int) * (size_t)(ks->keys[i].n + 1));
        if (!cols) return NULL;
        for (int j = 0; j < ks->keys[i].n; j++) cols[j] = ks->keys[i].cols[j] + by;
        ((ColSet *)out->keys)[out->n++] = (ColSet){ks->keys[i].n, cols};
    }
    return out;
}

/* Flink's getJoinUniqueKeys. */
static const KeySets *join_keys(Arena *a, JoinType jt, int nl, const KeySets *lk, const KeySets *rk, bool left_unique,
                                bool right_unique) {
    const KeySets *rs = shift(a, rk, nl);
    KeySets *out = ks_new(a, (lk ? lk->n : 0) * (rs ? rs->n : 0) + (lk ? lk->n : 0) + (rs ? rs->n : 0) + 1);
    if (!out) return NULL;
    for (int i = 0; rs && lk && i < rs->n; i++)
        for (int j = 0; j < lk->n; j++) {
            int n = lk->keys[j].n + rs->keys[i].n;
            int *cols = eddy__arena_alloc(a, sizeof(int) * (size_t)(n + 1));
            if (!cols) return NULL;
            memcpy(cols, lk->keys[j].cols, sizeof(int) * (size_t)lk->keys[j].n);
            memcpy(cols + lk->keys[j].n, rs->keys[i].cols, sizeof(int) * (size_t)rs->keys[i].n);
            if (!ks_add(a, out, n, cols)) return NULL;
        }
    bool nulls_left = jt == JOIN_RIGHT || jt == JOIN_FULL, nulls_right = jt == JOIN_LEFT || jt == JOIN_FULL;
    if (right_unique && lk && !nulls_left)
        for (int i = 0; i < lk->n; i++)
            if (!ks_add(a, out, lk->keys[i].n, lk->keys[i].cols)) return NULL;
    if (left_unique && rs && !nulls_right)
        for (int i = 0; i < rs->n; i++)
            if (!ks_add(a, out, rs->keys[i].n, rs->keys[i].cols)) return NULL;
    return out;
}

/* ---- upsert keys ------------------------------------------------------------------------------ */

static bool is_join(PhysNodeKind k) {
    return k == PK_JOIN || k == PK_INTERVAL_JOIN || k == PK_HASH_JOIN || k == PK_SORT_MERGE_JOIN ||
           k == PK_NESTED_LOOP_JOIN;
}

const KeySets *eddy__phys_upsert_keys(Arena *a, const PhysNode *n) {
    switch (n->kind) {
    case PK_TABLE_SOURCE_SCAN:
    case PK_DATA_STREAM_SCAN: return n->npk ? one_key(a, n->npk, n->pk) : NULL;
    case PK_CHANGELOG_NORMALIZE: return one_key(a, n->npk, n->pk);
    case PK_CALC: return project_keys(a, eddy__phys_upsert_keys(a, n->in[0]), n->ncols, n->exprs);
    case PK_EXCHANGE: {
        const KeySets *ks = eddy__phys_upsert_keys(a, n->in[0]);
        return n->dist == DIST_HASH ? filter_keys(a, ks, n->nkeys, n->keys) : ks;
    }
    case PK_MINI_BATCH_ASSIGNER:
    case PK_DROP_UPDATE_BEFORE:
    case PK_WATERMARK_ASSIGNER:
    case PK_SINK_UPSERT_MATERIALIZER: return eddy__phys_upsert_keys(a, n->in[0]);
    case PK_GROUP_AGGREGATE:
    case PK_GLOBAL_GROUP_AGGREGATE:
    case PK_INCREMENTAL_GROUP_AGGREGATE:
    case PK_HASH_AGGREGATE:
    case PK_SORT_AGGREGATE: return range_key(a, n->ngroup);
    case PK_GROUP_WINDOW_AGGREGATE:
    case PK_WINDOW_AGGREGATE: {
        /* the keys with each window property */
        int nprops = n->rel ? n->rel->ncols - n->rel->ngroup - n->rel->naggs : 0;
        KeySets *ks = ks_new(a, nprops);
        int *cols = eddy__arena_alloc(a, sizeof(int) * (size_t)(n->ngroup + 2));
        if (!ks || !cols) return NULL;
        for (int i = 0; i < n->ngroup; i++) cols[i] = i;
        for (int p = 0; p < nprops; p++) {
            cols[n->ngroup] = n->ncols - nprops + p;
            if (!ks_add(a, ks, n->ngroup + 1, cols)) return NULL;
        }
        return ks;
    }
    case PK_DEDUPLICATE:
    case PK_WINDOW_DEDUPLICATE: return one_key(a, n->ngroup, n->group);
    case PK_RANK:
    case PK_WINDOW_RANK:
    case PK_BATCH_RANK: {
        if (n->rank_fn == RANK_ROW_NUMBER && n->rank_start == 1 && n->rank_end == 1)
            return one_key(a, n->ngroup, n->group);
        const KeySets *in = filter_keys(a, eddy__phys_upsert_keys(a, n->in[0]), n->ngroup, n->group);
        if (!n->output_rank) return in;
        KeySets *ks = ks_new(a, (in ? in->n : 0) + 1);
        int *cols = eddy__arena_alloc(a, sizeof(int) * (size_t)(n->ngroup + 2));
        if (!ks || !cols) return NULL;
        for (int i = 0; in && i < in->n; i++)
            if (!ks_add(a, ks, in->keys[i].n, in->keys[i].cols)) return NULL;
        if (n->rank_fn == RANK_ROW_NUMBER) {
            memcpy(cols, n->group, sizeof(int) * (size_t)n->ngroup);
            cols[n->ngroup] = n->ncols - 1;
            if (!ks_add(a, ks, n->ngroup + 1, cols)) return NULL;
        }
        return ks;
    }
    case PK_SORT:
    case PK_SORT_LIMIT:
    case PK_LIMIT:
    case PK_TEMPORAL_SORT:
    case PK_BATCH_SORT:
    case PK_BATCH_SORT_LIMIT: return filter_keys(a, eddy__phys_upsert_keys(a, n->in[0]), n->norder, n->order);
    case PK_OVER_AGGREGATE: {
        const OverSpec *os = n->rel && n->rel->naggs ? &n->rel->over[0] : NULL;
        return filter_keys(a, eddy__phys_upsert_keys(a, n->in[0]), os ? os->npartition : 0, os ? os->partition : NULL);
    }
    case PK_UNION: return ks_new(a, 0); /* UNION ALL: no key */
    default: break;
    }
    if (is_join(n->kind)) {
        const KeySets *lk = eddy__phys_upsert_keys(a, n->in[0]);
        if (n->join == JOIN_SEMI || n->join == JOIN_ANTI) return filter_keys(a, lk, n->njk, n->lkeys);
        const KeySets *rk = eddy__phys_upsert_keys(a, n->in[1]);
        bool lu = eddy__keys_any_within(lk, n->njk, n->lkeys), ru = eddy__keys_any_within(rk, n->njk, n->rkeys);
        return join_keys(a, n->join, n->in[0]->ncols, filter_keys(a, lk, n->njk, n->lkeys),
                         filter_keys(a, rk, n->njk, n->rkeys), lu, ru);
    }
    return NULL;
}

const KeySets *eddy__phys_upsert_keys_in_key_group(Arena *a, const PhysNode *n, int nkeys, const int *keys) {
    if (n->kind == PK_EXCHANGE && n->nkeys == nkeys &&
        (nkeys == 0 || !memcmp(n->keys, keys, sizeof(int) * (size_t)nkeys)))
        n = n->in[0];
    return eddy__phys_upsert_keys(a, n);
}

JoinInputSpec eddy__phys_join_input_spec(Arena *a, const PhysNode *join, int side) {
    int nk = join->njk;
    const int *keys = side ? join->rkeys : join->lkeys;
    const KeySets *ks = eddy__phys_upsert_keys_in_key_group(a, join->in[side], nk, keys);
    if (!ks || ks->n == 0) return JIS_NO_UNIQUE_KEY;
    return eddy__keys_any_within(ks, nk, keys) ? JIS_JOIN_KEY_CONTAINS_UNIQUE_KEY : JIS_HAS_UNIQUE_KEY;
}

bool eddy__phys_join_unique_key_contains_join_key(Arena *a, const PhysNode *join, int side) {
    int nk = join->njk;
    const int *keys = side ? join->rkeys : join->lkeys;
    return eddy__keys_any_covering(eddy__phys_upsert_keys_in_key_group(a, join->in[side], nk, keys), nk, keys);
}

/* ---- monotonicity ------------------------------------------------------------------------------- */

const Mono *eddy__phys_monotonicity(Arena *a, const PhysNode *n) {
    Mono *m = eddy__arena_alloc(a, sizeof(Mono) * (size_t)(n->ncols + 1));
    if (!m) return NULL;
    switch (n->kind) {
    case PK_TABLE_SOURCE_SCAN:
    case PK_DATA_STREAM_SCAN:
    case PK_VALUES:
        if (n->modify != CL_INSERT) return NULL;
        for (int i = 0; i < n->ncols; i++) m[i] = MONO_CONSTANT;
        return m;
    case PK_EXCHANGE:
    case PK_MINI_BATCH_ASSIGNER:
    case PK_WATERMARK_ASSIGNER: return eddy__phys_monotonicity(a, n->in[0]);
    case PK_RANK: {
        /* A Top-N moves rows in and out of its range: its partition keys
         * stay (they must be constant in its input), the rank number is
         * constant, the first sort key follows the direction it is sorted
         * in when the input's is constant or goes that way, and every
         * other column may change any way (Flink's modified monotonicity
         * of a Rank). */
        const Mono *in = eddy__phys_monotonicity(a, n->in[0]);
        if (!in) return NULL;
        for (int k = 0; k < n->ngroup; k++)
            if (in[n->group[k]] != MONO_CONSTANT) return NULL;
        for (int i = 0; i < n->ncols; i++) m[i] = MONO_NOT;
        for (int k = 0; k < n->ngroup; k++) m[n->group[k]] = MONO_CONSTANT;
        if (n->output_rank) m[n->ncols - 1] = MONO_CONSTANT;
        if (n->norder > 0) {
            int f = n->order[0];
            Mono im = in[f];
            m[f] = n->desc[0] && (im == MONO_INCREASING || im == MONO_CONSTANT)    ? MONO_INCREASING
                   : !n->desc[0] && (im == MONO_DECREASING || im == MONO_CONSTANT) ? MONO_DECREASING
                                                                                   : MONO_NOT;
        }
        return m;
    }
    case PK_CALC: {
        const Mono *in = eddy__phys_monotonicity(a, n->in[0]);
        if (!in) return NULL;
        for (int i = 0; i < n->ncols; i++) {
            const Expr *e = n->exprs[i];
            m[i] = e->kind == EX_COLUMN ? in[e->index] : e->kind == EX_LITERAL ? MONO_CONSTANT : MONO_NOT;
        }
        return m;
    }
    case PK_GROUP_AGGREGATE:
    case PK_GLOBAL_GROUP_AGGREGATE: {
        const PhysNode *src = n->kind == PK_GLOBAL_GROUP_AGGREGATE ? n->in[0]->in[0]->in[0] : n->in[0];
        bool insert_only = src->modify == CL_INSERT;
        const Mono *in = insert_only ? NULL : eddy__phys_monotonicity(a, src);
        for (int i = 0; i < n->ngroup; i++) m[i] = MONO_CONSTANT;
        for (int k = 0; k < n->naggs; k++) {
            const AggCall *ac = &n->aggs[k].call;
            Mono arg = ac->nargs && in && n->kind == PK_GROUP_AGGREGATE ? in[ac->args[0]] : MONO_NOT;
            Mono r = MONO_NOT;
            if (!strcmp(ac->fn, "COUNT") && insert_only) r = MONO_INCREASING;
            else if (!strcmp(ac->fn, "MAX") && (insert_only || arg == MONO_INCREASING || arg == MONO_CONSTANT))
                r = MONO_INCREASING;
            else if (!strcmp(ac->fn, "MIN") && (insert_only || arg == MONO_DECREASING || arg == MONO_CONSTANT))
                r = MONO_DECREASING;
            m[n->ngroup + k] = r;
        }
        return m;
    }
    default: return NULL;
    }
}
