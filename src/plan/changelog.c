/*
 * changelog.c -- changelog-mode inference over a streaming physical plan,
 * as Flink's FlinkChangelogModeInferenceProgram does it, in two passes:
 *
 *   1. the kinds of change every node produces (ModifyKindSet: insert,
 *      update, delete), bottom-up, each node requiring from its inputs what
 *      it can consume. A node producing kinds its consumer cannot take
 *      fails with Flink's "<requester> doesn't support consuming <kinds>
 *      changes which is produced by node <node>".
 *   2. how updates are sent (UpdateKind: none, ONLY_UPDATE_AFTER, or
 *      BEFORE_AND_AFTER), top-down from the root: a consumer that can do with
 *      upserts by key lets its input drop -U; GroupAggregate, Limit, Sort
 *      and the retract strategy of Rank need -U; a Calc with a condition
 *      after updates needs -U (FLINK-9528). Where no combination works:
 *      "Can't generate a valid execution plan for the given query".
 *
 * Along the way: the Rank strategy (AppendFast for insert-only input,
 * UpdateFast when an upsert key covers the partition and the sort key is
 * monotonic, else Retract), DropUpdateBefore above a retracting source
 * when only after-images are needed, and the SinkUpsertMaterializer before
 * a keyed sink whose key is not the input's upsert key
 * (table.exec.sink.upsert-materialize AUTO / FORCE / NONE). Every visit
 * returns new nodes; the input tree is left as it is.
 */
#include "plan/phys.h"

typedef struct Infer {
    const PlanEnv *pe;
    Arena *a;
    EdErr *err;
    bool failed;
} Infer;

static PhysNode *oom(Infer *x) {
    if (!eddy__err_is_set(x->err)) eddy__err(x->err, EDDY_E_NOMEM, "out of memory");
    x->failed = true;
    return NULL;
}

/* ---- pass 1: the kinds of change ------------------------------------------------------------- */

/* "update and delete": the kinds of `diff`, lower case, in Flink's order. */
static void kinds_text(Buf *b, unsigned diff) {
    bool first = true;
    if (diff & CL_INSERT) {
        eddy__buf_puts(b, "insert");
        first = false;
    }
    if (diff & CL_UPDATE) {
        eddy__buf_printf(b, "%supdate", first ? "" : " and ");
        first = false;
    }
    if (diff & CL_DELETE) eddy__buf_printf(b, "%sdelete", first ? "" : " and ");
}

/* The name a node asks with (Flink's getNodeName): its physical name. */
static const char *requester_of(const PhysNode *n) { return eddy__phys_name(n); }

/* Whether the modify kinds `provided` are within `required`. */
static bool satisfies(unsigned provided, unsigned required) { return !(provided & ~required); }

/* Flink's createNewNode of the first pass: n with the new inputs and the
 * kinds it provides, or the error naming the node when its consumer cannot
 * take them. */
static PhysNode *mk_node(Infer *x, const PhysNode *n, PhysNode **in, unsigned provided, unsigned required,
                         const char *requester) {
    PhysNode *c = eddy__phys_copy(x->a, n);
    if (!c) return oom(x);
    for (int i = 0; i < n->nin; i++) c->in[i] = in[i];
    c->modify = provided;
    c->update = UK_NONE;
    c->changelog = provided;
    if (!satisfies(provided, required)) {
        Buf kinds, node;
        eddy__buf_init(&kinds);
        eddy__buf_init(&node);
        kinds_text(&kinds, provided & ~required);
        eddy__phys_describe(&node, c);
        eddy__err(x->err, EDDY_E_TABLE, "%s doesn't support consuming %s changes which is produced by node %s", requester,
                  eddy__buf_cstr(&kinds), eddy__buf_cstr(&node));
        eddy__buf_free(&kinds);
        eddy__buf_free(&node);
        x->failed = true;
        return NULL;
    }
    return c;
}

static PhysNode *mk_visit(Infer *x, const PhysNode *n, unsigned required, const char *requester);

/* The kinds a scan's source sends: the connector's, or fromChangelogStream's mode. */
static unsigned scan_changelog(const PhysNode *n) {
    unsigned cl = n->kind == PK_TABLE_SOURCE_SCAN ? n->source->changelog : n->stream_changelog;
    return cl ? cl : CL_INSERT;
}

/* Visits every input with one requirement; in[] gets the new inputs. */
static bool mk_children(Infer *x, const PhysNode *n, unsigned required, const char *requester, PhysNode **in) {
    for (int i = 0; i < n->nin; i++)
        if (!(in[i] = mk_visit(x, n->in[i], required, requester))) return false;
    return true;
}

/* The kinds a sink takes: an UPDATE when it takes after-images. */
static unsigned sink_modify(unsigned accepts) {
    unsigned m = accepts & (CL_INSERT | CL_DELETE);
    if (accepts & CL_UPDATE_AFTER) m |= CL_UPDATE;
    return m;
}

static const char *sink_requester(Infer *x, const PhysNode *s) {
    if (s->sink_kind == PSINK_APPEND) return "toAppendStream";
    if (s->sink_kind == PSINK_RETRACT) return "toRetractStream";
    const char *r = eddy__arena_printf(x->a, "Table sink '%s'", s->sink_name);
    return r ? r : "Table sink";
}

static PhysNode *mk_visit(Infer *x, const PhysNode *n, unsigned required, const char *requester) {
    PhysNode *in[8];
    PhysNode **ins = n->nin <= 8 ? in : eddy__arena_alloc(x->a, sizeof(PhysNode *) * (size_t)n->nin);
    if (!ins) return oom(x);
    const char *self = requester_of(n);
    switch (n->kind) {
    case PK_SINK: {
        const char *name = sink_requester(x, n);
        if (!mk_children(x, n, sink_modify(n->accepts), name, ins)) return NULL;
        /* the sink is the root: nothing to require of it */
        return mk_node(x, n, ins, CL_INSERT, CL_ALL, requester);
    }
    case PK_DEDUPLICATE: {
        if (!mk_children(x, n, CL_ALL, self, ins)) return NULL;
        if (ins[0]->modify != CL_INSERT) {
            /* a deduplication takes inserts only: over changes it is the Rank it
             * stands for (Flink keeps the Rank then) */
            PhysNode *k = eddy__phys_copy(x->a, n);
            if (!k) return oom(x);
            k->kind = PK_RANK;
            return mk_node(x, k, ins, CL_ALL, required, requester);
        }
        /* only a first-row deduplication on processing time never updates */
        unsigned p = !n->keep_last && !n->on_rowtime ? CL_INSERT : CL_ALL;
        return mk_node(x, n, ins, p, required, requester);
    }
    case PK_GROUP_AGGREGATE:
    case PK_GLOBAL_GROUP_AGGREGATE:
    case PK_INCREMENTAL_GROUP_AGGREGATE: {
        if (!mk_children(x, n, CL_ALL, self, ins)) return NULL;
        unsigned p = CL_INSERT | CL_UPDATE;
        if (ins[0]->modify & (CL_UPDATE | CL_DELETE)) p |= CL_DELETE;
        return mk_node(x, n, ins, p, required, requester);
    }
    case PK_LOCAL_GROUP_AGGREGATE:
        if (!mk_children(x, n, CL_ALL, self, ins)) return NULL;
        return mk_node(x, n, ins, ins[0]->modify, required, requester);
    case PK_GROUP_WINDOW_AGGREGATE:
        /* no early or late firing: final rows only */
        if (!mk_children(x, n, CL_ALL, self, ins)) return NULL;
        return mk_node(x, n, ins, CL_INSERT, required, requester);
    case PK_WINDOW_AGGREGATE:
    case PK_WINDOW_RANK:
    case PK_WINDOW_DEDUPLICATE:
    case PK_WINDOW_JOIN:
    case PK_TEMPORAL_SORT:
    case PK_INTERVAL_JOIN:
    case PK_OVER_AGGREGATE:
        /* time-based operations: insert-only in and out */
        if (!mk_children(x, n, CL_INSERT, self, ins)) return NULL;
        return mk_node(x, n, ins, CL_INSERT, required, requester);
    case PK_MATCH:
        if (!mk_children(x, n, CL_INSERT, "Match Recognize", ins)) return NULL;
        return mk_node(x, n, ins, CL_INSERT, required, requester);
    case PK_LIMIT:
        if (!mk_children(x, n, CL_ALL, self, ins)) return NULL;
        return mk_node(x, n, ins, ins[0]->modify == CL_INSERT ? CL_INSERT : CL_ALL, required, requester);
    case PK_RANK:
    case PK_SORT_LIMIT:
        if (!mk_children(x, n, CL_ALL, self, ins)) return NULL;
        return mk_node(x, n, ins, CL_ALL, required, requester);
    case PK_SORT:
        /* buffers everything, emits inserts at the end */
        if (!mk_children(x, n, CL_ALL, self, ins)) return NULL;
        return mk_node(x, n, ins, CL_INSERT, required, requester);
    case PK_JOIN: {
        if (!mk_children(x, n, CL_ALL, self, ins)) return NULL;
        bool inner_or_semi = n->join == JOIN_INNER || n->join == JOIN_SEMI;
        return mk_node(x, n, ins, inner_or_semi ? ins[0]->modify | ins[1]->modify : CL_ALL, required, requester);
    }
    case PK_TEMPORAL_JOIN:
        if (!mk_children(x, n, CL_ALL, self, ins)) return NULL;
        return mk_node(x, n, ins, ins[0]->modify, required, requester);
    case PK_CHANGELOG_NORMALIZE:
        if (!mk_children(x, n, CL_ALL, self, ins)) return NULL;
        return mk_node(x, n, ins, CL_ALL, required, requester);
    case PK_CALC:
    case PK_CORRELATE:
    case PK_LOOKUP_JOIN:
    case PK_EXCHANGE:
    case PK_EXPAND:
    case PK_MINI_BATCH_ASSIGNER:
    case PK_WATERMARK_ASSIGNER:
    case PK_WINDOW_TABLE_FUNCTION:
    case PK_DROP_UPDATE_BEFORE:
    case PK_SINK_UPSERT_MATERIALIZER:
        /* pass the requirement (and the requester) through */
        if (!mk_children(x, n, required, requester, ins)) return NULL;
        return mk_node(x, n, ins, ins[0]->modify, required, requester);
    case PK_UNION: {
        if (!mk_children(x, n, required, requester, ins)) return NULL;
        unsigned p = 0;
        for (int i = 0; i < n->nin; i++) p |= ins[i]->modify;
        return mk_node(x, n, ins, p, required, requester);
    }
    case PK_TABLE_SOURCE_SCAN:
    case PK_DATA_STREAM_SCAN: {
        unsigned cl = scan_changelog(n), m = cl & (CL_INSERT | CL_DELETE);
        if (cl & CL_UPDATE) m |= CL_UPDATE;
        return mk_node(x, n, ins, m, required, requester);
    }
    case PK_VALUES: return mk_node(x, n, ins, CL_INSERT, required, requester);
    default:
        /* batch kinds never get here */
        if (!mk_children(x, n, CL_ALL, self, ins)) return NULL;
        return mk_node(x, n, ins, CL_INSERT, required, requester);
    }
}

/* ---- pass 2: how updates are sent ------------------------------------------------------------- */

static UpdateKind only_after_or_none(unsigned modify) { return modify & CL_UPDATE ? UK_ONLY_AFTER : UK_NONE; }
static UpdateKind before_after_or_none(unsigned modify) { return modify & CL_UPDATE ? UK_BEFORE_AND_AFTER : UK_NONE; }

/* The kinds n sends with update kind u. */
static unsigned changelog_of(unsigned modify, UpdateKind u) {
    return u == UK_ONLY_AFTER ? modify & ~CL_UPDATE_BEFORE : modify;
}

/* Flink's createNewNode of the second pass. */
static PhysNode *uk_node(Infer *x, const PhysNode *n, PhysNode **in, UpdateKind provided) {
    bool has_update = n->modify & CL_UPDATE;
    if ((provided == UK_NONE) == has_update) {
        Buf d;
        eddy__buf_init(&d);
        eddy__phys_describe(&d, n);
        eddy__err(x->err, EDDY_E_INTERNAL,
                  "UpdateKindTrait %s conflicts with ModifyKindSetTrait. This is a bug in planner, please file an "
                  "issue. Current node is %s.",
                  provided == UK_NONE ? "[NONE]" : provided == UK_ONLY_AFTER ? "[ONLY_UPDATE_AFTER]" : "[BEFORE_AND_AFTER]",
                  eddy__buf_cstr(&d));
        eddy__buf_free(&d);
        x->failed = true;
        return NULL;
    }
    PhysNode *c = eddy__phys_copy(x->a, n);
    if (!c) return oom(x);
    for (int i = 0; i < n->nin; i++) c->in[i] = in[i];
    c->update = provided;
    c->changelog = changelog_of(n->modify, provided);
    return c;
}

static PhysNode *uk_visit(Infer *x, const PhysNode *n, UpdateKind required);

/* Every input visited with `required`; false (None) when one cannot
 * provide it. */
static bool uk_children(Infer *x, const PhysNode *n, UpdateKind required, PhysNode **in) {
    for (int i = 0; i < n->nin; i++) {
        in[i] = uk_visit(x, n->in[i], required);
        if (!in[i] || in[i]->update != required) return false;
    }
    return true;
}

/* Rank strategies (Flink's RankProcessStrategy.analyzeRankProcessStrategies). */
static int rank_strategies(Infer *x, const PhysNode *n, RankStrategy *out, ColSet *key) {
    const PhysNode *in = n->in[0];
    if (in->modify == CL_INSERT) {
        out[0] = RS_APPEND_FAST;
        return 1;
    }
    const KeySets *ks = eddy__phys_upsert_keys_in_key_group(x->a, in, n->ngroup, n->group);
    const ColSet *cover = NULL;
    for (int i = 0; ks && i < ks->n && !cover; i++) {
        bool all = true;
        for (int k = 0; k < n->ngroup && all; k++) {
            bool found = false;
            for (int j = 0; j < ks->keys[i].n; j++) found = found || ks->keys[i].cols[j] == n->group[k];
            all = found;
        }
        if (all) cover = &ks->keys[i];
    }
    if (!cover) {
        out[0] = RS_RETRACT;
        return 1;
    }
    const Mono *mono = eddy__phys_monotonicity(x->a, in);
    bool monotonic = mono && n->norder > 0;
    for (int i = 0; i < n->norder && monotonic; i++) {
        Mono m = mono[n->order[i]];
        monotonic = m == MONO_CONSTANT || (m == MONO_DECREASING && !n->desc[i]) || (m == MONO_INCREASING && n->desc[i]);
    }
    if (!monotonic) {
        out[0] = RS_RETRACT;
        return 1;
    }
    *key = *cover;
    out[0] = RS_UPDATE_FAST;
    out[1] = RS_RETRACT;
    return 2;
}

static PhysNode *uk_rank(Infer *x, const PhysNode *n, UpdateKind required) {
    RankStrategy st[2];
    ColSet key = {0};
    int ns = rank_strategies(x, n, st, &key);
    for (int s = 0; s < ns; s++) {
        UpdateKind child = st[s] == RS_UPDATE_FAST ? UK_ONLY_AFTER : st[s] == RS_RETRACT ? UK_BEFORE_AND_AFTER : UK_NONE;
        PhysNode *in;
        if (!uk_children(x, n, child, &in)) {
            if (x->failed) return NULL;
            continue;
        }
        PhysNode *res = uk_node(x, n, &in, required);
        if (!res) return NULL;
        res->strategy = st[s];
        if (st[s] == RS_UPDATE_FAST) res->strategy_key = key;
        return res;
    }
    return NULL;
}

/* Whether a cast changes no value: the same type but for nullability or a
 * longer string. */
static bool value_preserving(const Type *from, const Type *to) {
    if (from->root != to->root) return false;
    if (from->root == TY_DECIMAL) return from->precision == to->precision && from->scale == to->scale;
    if (eddy__type_is_string(from) || eddy__type_is_binary(from)) return to->length >= from->length;
    if (eddy__type_is_timestamp(from) || from->root == TY_TIME) return to->precision >= from->precision;
    return true;
}

/* The upsert keys of a sink's input, as columns of the sink (through its
 * conversion). */
static const KeySets *sink_input_keys(Infer *x, const PhysNode *s) {
    const KeySets *ks = eddy__phys_upsert_keys(x->a, s->in[0]);
    if (!ks || !s->exprs) return ks;
    KeySets *out = eddy__arena_alloc(x->a, sizeof *out);
    ColSet *keys = eddy__arena_alloc(x->a, sizeof(ColSet) * (size_t)(ks->n + 1));
    if (!out || !keys) return NULL;
    for (int i = 0; i < ks->n; i++) {
        int *cols = eddy__arena_alloc(x->a, sizeof(int) * (size_t)(ks->keys[i].n + 1));
        if (!cols) return NULL;
        int m = 0;
        for (int j = 0; j < ks->keys[i].n; j++) {
            int in_col = ks->keys[i].cols[j], at = -1;
            for (int k = 0; k < s->ncols && at < 0; k++) {
                const Expr *e = s->exprs[k];
                /* a cast that does not change the values (wider strings,
                 * nullability) keeps the column */
                if (e->kind == EX_CAST && e->args[0]->kind == EX_COLUMN && value_preserving(e->args[0]->type, e->type))
                    e = e->args[0];
                if (e->kind == EX_COLUMN && e->index == in_col) at = k;
            }
            if (at < 0) break;
            cols[m++] = at;
        }
        if (m < ks->keys[i].n) continue;
        /* ascending */
        for (int p = 1; p < m; p++)
            for (int q = p; q > 0 && cols[q - 1] > cols[q]; q--) {
                int t = cols[q];
                cols[q] = cols[q - 1];
                cols[q - 1] = t;
            }
        keys[out->n++] = (ColSet){m, cols};
    }
    out->keys = keys;
    return out;
}

static bool same_set(const ColSet *k, int n, const int *cols) {
    if (k->n != n) return false;
    for (int i = 0; i < n; i++) {
        bool found = false;
        for (int j = 0; j < n; j++) found = found || k->cols[j] == cols[i];
        if (!found) return false;
    }
    return true;
}

/* Flink's analyzeUpsertMaterializeStrategy. */
static bool upsert_materialize(Infer *x, const PhysNode *s) {
    if (s->sink_kind != PSINK_TABLE && s->sink_kind != PSINK_CHANGELOG) return false;
    const char *mode = eddy__phys_option(x->pe, "table.exec.sink.upsert-materialize", "AUTO");
    if (eddy__str_ieq(mode, "FORCE")) return s->npk > 0;
    if (eddy__str_ieq(mode, "NONE")) return false;
    unsigned child = s->in[0]->modify;
    bool sink_insert_only = (s->accepts & ~CL_INSERT) == 0;
    if (sink_insert_only || child == CL_INSERT || s->npk == 0) return false;
    const KeySets *ks = sink_input_keys(x, s);
    return !eddy__keys_any_within(ks, s->npk, s->pk);
}

/* The update kinds a sink can take, in the order to try (Flink's inferSinkRequiredTraits). */
static int sink_traits(Infer *x, const PhysNode *s, UpdateKind *out) {
    unsigned child = s->in[0]->modify;
    UpdateKind after = only_after_or_none(child), both = before_after_or_none(child);
    if (!(child & CL_UPDATE)) {
        out[0] = UK_NONE;
        return 1;
    }
    if (s->accepts & CL_UPDATE_BEFORE) {
        out[0] = both;
        return 1;
    }
    if (!(s->accepts & CL_UPDATE_AFTER)) {
        out[0] = UK_NONE;
        return 1;
    }
    /* upserts: only when the input's upsert key is the sink's key */
    if (s->npk > 0) {
        const KeySets *ks = sink_input_keys(x, s);
        bool match = false;
        for (int i = 0; ks && i < ks->n && !match; i++) match = same_set(&ks->keys[i], s->npk, s->pk);
        if (!match) {
            out[0] = both;
            return 1;
        }
    }
    out[0] = after;
    out[1] = both;
    return 2;
}

static PhysNode *uk_sink(Infer *x, const PhysNode *n) {
    UpdateKind traits[2];
    int nt = sink_traits(x, n, traits);
    bool mat = upsert_materialize(x, n);
    for (int t = 0; t < nt; t++) {
        PhysNode *in;
        if (!uk_children(x, n, traits[t], &in)) {
            if (x->failed) return NULL;
            continue;
        }
        if (mat) {
            /* per sink key, the rows alive, so that a late retraction of an
             * older row does not delete the current one */
            PhysNode *m = eddy__phys_new(x->a, PK_SINK_UPSERT_MATERIALIZER, 0, 1);
            if (!m) return oom(x);
            eddy__phys_same_cols(m, in);
            m->in[0] = in;
            m->modify = in->modify;
            m->update = in->update;
            m->changelog = in->changelog;
            m->npk = n->npk;
            m->pk = n->pk;
            m->exprs = n->exprs;
            in = m;
        }
        PhysNode *c = eddy__phys_copy(x->a, n);
        if (!c) return oom(x);
        c->in[0] = in;
        c->update = UK_NONE;
        c->changelog = 0;
        c->upsert_materialize = mat;
        return c;
    }
    return NULL;
}

static PhysNode *uk_visit(Infer *x, const PhysNode *n, UpdateKind required) {
    PhysNode *in[8];
    PhysNode **ins = n->nin <= 8 ? in : eddy__arena_alloc(x->a, sizeof(PhysNode *) * (size_t)n->nin);
    if (!ins) return oom(x);
    switch (n->kind) {
    case PK_SINK: return uk_sink(x, n);
    case PK_GROUP_AGGREGATE:
    case PK_GLOBAL_GROUP_AGGREGATE:
    case PK_INCREMENTAL_GROUP_AGGREGATE:
    case PK_LOCAL_GROUP_AGGREGATE:
    case PK_LIMIT:
    case PK_GROUP_WINDOW_AGGREGATE:
    case PK_SORT:
        /* they need -U of an updating input; they produce what is asked */
        if (!uk_children(x, n, before_after_or_none(n->in[0]->modify), ins)) return NULL;
        return uk_node(x, n, ins, required);
    case PK_OVER_AGGREGATE:
    case PK_WINDOW_AGGREGATE:
    case PK_WINDOW_RANK:
    case PK_WINDOW_DEDUPLICATE:
    case PK_DEDUPLICATE:
    case PK_TEMPORAL_SORT:
    case PK_MATCH:
    case PK_INTERVAL_JOIN:
    case PK_WINDOW_JOIN:
        if (!uk_children(x, n, UK_NONE, ins)) return NULL;
        return uk_node(x, n, ins, required);
    case PK_RANK:
    case PK_SORT_LIMIT: return uk_rank(x, n, required);
    case PK_JOIN: {
        bool only_after = required == UK_ONLY_AFTER;
        for (int i = 0; i < 2; i++) {
            unsigned m = n->in[i]->modify;
            UpdateKind want;
            if (only_after) {
                if ((m & CL_UPDATE) && !eddy__phys_join_unique_key_contains_join_key(x->a, n, i)) return NULL;
                want = only_after_or_none(m);
            } else {
                want = before_after_or_none(m);
            }
            ins[i] = uk_visit(x, n->in[i], want);
            if (!ins[i] || ins[i]->update != want) return NULL;
        }
        return uk_node(x, n, ins, required);
    }
    case PK_TEMPORAL_JOIN: {
        unsigned lm = n->in[0]->modify, rm = n->in[1]->modify;
        UpdateKind lw = required == UK_BEFORE_AND_AFTER ? before_after_or_none(lm) : only_after_or_none(lm);
        ins[0] = uk_visit(x, n->in[0], lw);
        if (!ins[0] || x->failed) return NULL;
        ins[1] = uk_visit(x, n->in[1], only_after_or_none(rm));
        if (!ins[1] && !x->failed) ins[1] = uk_visit(x, n->in[1], before_after_or_none(rm));
        if (!ins[1]) return NULL;
        return uk_node(x, n, ins, ins[0]->update);
    }
    case PK_CALC:
        /* a filter after updates needs both images (FLINK-9528) */
        if (required == UK_ONLY_AFTER && n->cond) return NULL;
        if (!uk_children(x, n, required, ins)) return NULL;
        return uk_node(x, n, ins, ins[0]->update);
    case PK_CORRELATE:
    case PK_LOOKUP_JOIN:
    case PK_EXCHANGE:
    case PK_EXPAND:
    case PK_MINI_BATCH_ASSIGNER:
    case PK_WATERMARK_ASSIGNER:
    case PK_WINDOW_TABLE_FUNCTION:
    case PK_DROP_UPDATE_BEFORE:
    case PK_SINK_UPSERT_MATERIALIZER:
        if (!uk_children(x, n, required, ins)) return NULL;
        return uk_node(x, n, ins, ins[0]->update);
    case PK_UNION: {
        UpdateKind merged = UK_NONE;
        for (int i = 0; i < n->nin; i++) {
            UpdateKind want = n->in[i]->modify == CL_INSERT ? UK_NONE : required;
            ins[i] = uk_visit(x, n->in[i], want);
            if (!ins[i]) return NULL;
            UpdateKind u = ins[i]->update;
            if (u == UK_NONE) continue;
            /* UNION cannot mix ONLY_UPDATE_AFTER and BEFORE_AND_AFTER inputs */
            if (merged != UK_NONE && merged != u) return NULL;
            merged = u;
        }
        return uk_node(x, n, ins, merged);
    }
    case PK_CHANGELOG_NORMALIZE:
        if (!uk_children(x, n, UK_ONLY_AFTER, ins)) return NULL;
        return uk_node(x, n, ins, required);
    case PK_TABLE_SOURCE_SCAN:
    case PK_DATA_STREAM_SCAN: {
        unsigned cl = scan_changelog(n);
        UpdateKind p = cl & CL_UPDATE_BEFORE ? UK_BEFORE_AND_AFTER : cl & CL_UPDATE_AFTER ? UK_ONLY_AFTER : UK_NONE;
        PhysNode *s = uk_node(x, n, ins, p);
        if (!s || !(p == UK_BEFORE_AND_AFTER && required == UK_ONLY_AFTER)) return s;
        /* a retracting source where only after-images are needed */
        PhysNode *d = eddy__phys_new(x->a, PK_DROP_UPDATE_BEFORE, 0, 1);
        if (!d) return oom(x);
        eddy__phys_same_cols(d, s);
        d->in[0] = s;
        d->modify = s->modify;
        return uk_node(x, d, &s, UK_ONLY_AFTER);
    }
    case PK_VALUES: return uk_node(x, n, ins, UK_NONE);
    default: return uk_node(x, n, (PhysNode **)n->in, UK_NONE);
    }
}

/* ---- after inference: mini-batch two-phase aggregation ------------------------------------------ */

/* The local phase of the aggregate g over input: keys and accumulators (sum$0, count$1, ...),
 * then the DISTINCT views; over retractions the accumulators retract and the record counter
 * goes along. Its rows are accumulators, inserts only. */
static PhysNode *local_phase(Infer *x, const PhysNode *g, const PhysNode *input) {
    PhysNode *l = eddy__phys_local_agg(x->a, PK_LOCAL_GROUP_AGGREGATE, input, g->ngroup, g->group, g->naggs, g->aggs,
                                       true, input->modify != CL_INSERT, g->rel);
    if (!l) return oom(x);
    l->partial_final = g->partial_final;
    l->modify = CL_INSERT;
    l->update = UK_NONE;
    l->changelog = CL_INSERT;
    return l;
}

/* A plan the incremental phase cannot be made of (an internal error: the split makes every final
 * call read one partial accumulator, over a local phase). */
#define INCREMENTAL_FEATURE "an IncrementalGroupAggregate whose final calls do not read the partial accumulators"

/* The two-phase split distinct aggregation: Local (partial) ->
 * Exchange(partial keys) -> IncrementalGroupAggregate -> Exchange(final keys) -> Global (final).
 * fin is the final GroupAggregate, pg the partial phase already in two phases. The incremental
 * phase groups by the final keys (group) and prints the partial keys (keys); its columns are the
 * final keys and the partial accumulators, which the final global phase merges. */
static const PhysNode *incremental(Infer *x, const PhysNode *fin, const PhysNode *pg) {
    const PhysNode *px = pg->in[0], *pl = px->in[0];
    int ng = fin->ngroup, npk = pg->ngroup, nacc = 0;
    for (int i = 0; i < pg->naggs; i++) nacc += pg->aggs[i].nacc;
    PhysNode *inc = eddy__phys_copy(x->a, pg), *ex = eddy__phys_copy(x->a, fin->in[0]), *g = eddy__phys_copy(x->a, fin);
    int *keys = eddy__arena_alloc(x->a, sizeof(int) * (size_t)(ng + 1));
    const char **names = eddy__arena_alloc(x->a, sizeof(char *) * (size_t)(ng + nacc));
    const Type **types = eddy__arena_alloc(x->a, sizeof(Type *) * (size_t)(ng + nacc));
    PhysAgg *aggs = eddy__arena_alloc(x->a, sizeof(PhysAgg) * (size_t)(fin->naggs + 1));
    if (!inc || !ex || !g || !keys || !names || !types || !aggs) return oom(x);
    for (int k = 0; k < ng; k++) {
        keys[k] = k;
        names[k] = pl->names[fin->group[k]];
        types[k] = pl->types[fin->group[k]];
    }
    for (int c = 0; c < nacc; c++) {
        names[ng + c] = pl->names[npk + c];
        types[ng + c] = pl->types[npk + c];
    }
    inc->kind = PK_INCREMENTAL_GROUP_AGGREGATE;
    if (!(inc->fused = local_phase(x, fin, pg))) return NULL;
    inc->partial_final = PF_NONE;
    inc->in[0] = px;
    inc->nkeys = npk;
    inc->keys = pg->group;
    inc->ngroup = ng;
    inc->group = fin->group;
    inc->ncols = ng + nacc;
    inc->names = names;
    inc->types = types;
    inc->modify = CL_INSERT;
    inc->update = UK_NONE;
    inc->changelog = CL_INSERT;
    eddy__phys_same_cols(ex, inc);
    ex->in[0] = inc;
    ex->keys = keys;
    ex->modify = CL_INSERT;
    ex->update = UK_NONE;
    ex->changelog = CL_INSERT;
    /* the final aggregates read the partial accumulators their arguments name */
    for (int i = 0; i < fin->naggs; i++) {
        aggs[i] = fin->aggs[i];
        int j = fin->aggs[i].call.nargs ? fin->aggs[i].call.args[0] - npk : -1;
        if (j < 0 || j >= pg->naggs) {
            eddy__err(x->err, EDDY_E_INTERNAL, "%s", INCREMENTAL_FEATURE);
            x->failed = true;
            return NULL;
        }
        aggs[i].acc = pg->aggs[j].acc;
        aggs[i].nacc = pg->aggs[j].nacc;
        aggs[i].distinct = -1;
    }
    g->kind = PK_GLOBAL_GROUP_AGGREGATE;
    g->in[0] = ex;
    g->aggs = aggs;
    g->group = keys;
    g->ndistinct = 0;
    g->distincts = NULL;
    return g;
}

/* Flink's TwoStageOptimizedAggregateRule: with mini-batch on and the
 * two-phase strategy allowed, a GroupAggregate whose calls all merge
 * becomes LocalGroupAggregate -> Exchange -> GlobalGroupAggregate (over an
 * updating input too: the local phase retracts into its accumulators and
 * counts the rows, +1 / -1, so the global one sees a group go empty). */
static bool two_phase_calls(const PhysNode *g) {
    for (int i = 0; i < g->naggs; i++)
        if (!eddy__phys_agg_splittable(&g->aggs[i].call)) return false;
    return true;
}

static const PhysNode *two_phase(Infer *x, const PhysNode *n, bool on) {
    if (!on) return n;
    const PhysNode **ins = eddy__arena_alloc(x->a, sizeof(PhysNode *) * (size_t)(n->nin + 1));
    if (!ins) return oom(x);
    bool changed = false;
    for (int i = 0; i < n->nin; i++) {
        if (!(ins[i] = two_phase(x, n->in[i], on))) return NULL;
        changed = changed || ins[i] != n->in[i];
    }
    const PhysNode *cur = n;
    if (changed) {
        PhysNode *c = eddy__phys_copy(x->a, n);
        if (!c) return oom(x);
        for (int i = 0; i < n->nin; i++) c->in[i] = ins[i];
        cur = c;
    }
    if (cur->kind != PK_GROUP_AGGREGATE || cur->in[0]->kind != PK_EXCHANGE || !two_phase_calls(cur)) return cur;
    const PhysNode *ex = cur->in[0], *input = ex->in[0];
    if (cur->partial_final == PF_FINAL && input->kind == PK_GLOBAL_GROUP_AGGREGATE &&
        !eddy__str_ieq(eddy__phys_option(x->pe, "table.optimizer.incremental-agg-enabled", "true"), "false")) {
        /* the final local phase and the partial global one merge into an IncrementalGroupAggregate */
        const PhysNode *pl = input->in[0]->in[0];
        if (pl->kind != PK_LOCAL_GROUP_AGGREGATE) {
            eddy__err(x->err, EDDY_E_INTERNAL, "%s", INCREMENTAL_FEATURE);
            x->failed = true;
            return NULL;
        }
        return incremental(x, cur, input);
    }
    int ng = cur->ngroup;
    PhysNode *l = local_phase(x, cur, input);
    if (!l) return NULL;
    int *keys = eddy__arena_alloc(x->a, sizeof(int) * (size_t)(ng + 1));
    PhysNode *nx = eddy__phys_copy(x->a, ex), *g = eddy__phys_copy(x->a, cur);
    if (!keys || !nx || !g) return oom(x);
    for (int k = 0; k < ng; k++) keys[k] = k;
    eddy__phys_same_cols(nx, l);
    nx->in[0] = l;
    nx->keys = keys;
    nx->modify = l->modify;
    nx->update = l->update;
    nx->changelog = l->changelog;
    g->kind = PK_GLOBAL_GROUP_AGGREGATE;
    g->in[0] = nx;
    g->aggs = l->aggs;
    g->group = keys;
    g->ndistinct = l->ndistinct;
    g->distincts = l->distincts;
    return g;
}

/* ---- the program ---------------------------------------------------------------------------------- */

/* Prints the tree with the kinds of pass 1, for "Can't generate a valid
 * execution plan". */
static void no_plan(Infer *x, const PhysNode *root) {
    Buf b;
    eddy__buf_init(&b);
    eddy__phys_print(&b, root, false, EDDY_EXPLAIN_CHANGELOG_MODE);
    if (b.len && b.data[b.len - 1] == '\n') b.len--;
    eddy__err(x->err, EDDY_E_TABLE, "Can't generate a valid execution plan for the given query:\n%s",
              eddy__buf_cstr(&b));
    eddy__buf_free(&b);
}

eddy_status eddy__phys_infer_changelog(const PlanEnv *pe, const PhysNode *root, bool update_before_required,
                                       const PhysNode **out, EdErr *err) {
    Infer x = {pe, pe->a, err, false};
    PhysNode *r1 = mk_visit(&x, root, CL_ALL, "ROOT");
    if (!r1) return eddy__err_is_set(err) ? err->code : eddy__err(err, EDDY_E_NOMEM, "out of memory");
    UpdateKind tries[2];
    int nt;
    if (r1->modify & CL_UPDATE) {
        if (update_before_required) {
            tries[0] = UK_BEFORE_AND_AFTER;
            nt = 1;
        } else {
            tries[0] = UK_ONLY_AFTER;
            tries[1] = UK_BEFORE_AND_AFTER;
            nt = 2;
        }
    } else {
        tries[0] = UK_NONE;
        nt = 1;
    }
    PhysNode *r2 = NULL;
    for (int t = 0; t < nt && !r2; t++) {
        r2 = uk_visit(&x, r1, tries[t]);
        if (x.failed) return err->code;
        if (r2 && r2->kind != PK_SINK && r2->update != tries[t]) r2 = NULL;
    }
    if (!r2) {
        no_plan(&x, r1);
        return err->code;
    }
    bool mb = eddy__str_ieq(eddy__phys_option(pe, "table.exec.mini-batch.enabled", "false"), "true") &&
              !eddy__str_ieq(eddy__phys_option(pe, "table.optimizer.agg-phase-strategy", "AUTO"), "ONE_PHASE");
    const PhysNode *r3 = two_phase(&x, r2, mb);
    if (!r3) return err->code;
    *out = r3;
    return EDDY_OK;
}
