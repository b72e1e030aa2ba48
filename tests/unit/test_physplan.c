/*
 * test_physplan.c -- the physical plan layer on trees no SQL reaches yet:
 * changelog inference over changelog and upsert sources (ChangelogNormalize,
 * DropUpdateBefore, "Can't generate a valid execution plan"), the sources'
 * changelog checks with Flink's messages, the rule framework's fixpoint and
 * the planner's rewrites, the registry's "not supported yet" order, and a
 * changelog stream sink translated through the registry, and a decorrelation
 * rule as the next wave will add one (IN (query) -> a semi join) carried by
 * the framework into a physical plan.
 */
#include "api/api.h"
#include "plan/phys.h"
#include "test.h"

static Arena arena;
static PlanEnv pe;

static void setup(void) {
    eddy__arena_init(&arena, 1 << 16);
    pe = (PlanEnv){.a = &arena, .streaming = true};
}

static const Type *int_t(bool nullable) { return eddy__type_basic(TY_INT, nullable); }

/* A one-column key. */
static const int *key1(int col) {
    int *k = eddy__arena_alloc(&arena, sizeof(int));
    k[0] = col;
    return k;
}

/* A table scan of src(id INT NOT NULL, b INT, c INT) whose source emits `cl`. */
static PhysNode *scan(unsigned cl, bool pk) {
    static TableEntry te;
    static Rel rel;
    te.def.path = "default_catalog.default_database.src";
    rel.kind = REL_TABLE_SCAN;
    rel.table = &te;
    PhysNode *s = eddy__phys_new(&arena, PK_TABLE_SOURCE_SCAN, 3, 0);
    static const char *names[] = {"id", "b", "c"};
    for (int i = 0; i < 3; i++) {
        ((const char **)s->names)[i] = names[i];
        ((const Type **)s->types)[i] = int_t(i > 0);
    }
    SourceSpec *ss = eddy__arena_alloc(&arena, sizeof *ss);
    ss->changelog = cl;
    s->source = ss;
    s->rel = &rel;
    if (pk) {
        s->npk = 1;
        s->pk = key1(0);
    }
    return s;
}

static PhysNode *over(PhysNodeKind kind, const PhysNode *in) {
    PhysNode *n = eddy__phys_new(&arena, kind, 0, 1);
    eddy__phys_same_cols(n, in);
    n->in[0] = in;
    return n;
}

static PhysNode *exchange(const PhysNode *in, int key) {
    PhysNode *x = over(PK_EXCHANGE, in);
    x->dist = DIST_HASH;
    x->nkeys = 1;
    x->keys = key1(key);
    return x;
}

static PhysNode *normalize(const PhysNode *scan_node) {
    PhysNode *n = over(PK_CHANGELOG_NORMALIZE, exchange(scan_node, 0));
    n->npk = scan_node->npk;
    n->pk = scan_node->pk;
    return n;
}

/* GroupAggregate(groupBy=[b], select=[b, COUNT(*) AS cnt]) behind hash[b]. */
static PhysNode *count_by_b(const PhysNode *in) {
    PhysNode *x = exchange(in, 1);
    PhysNode *g = eddy__phys_new(&arena, PK_GROUP_AGGREGATE, 2, 1);
    g->in[0] = x;
    ((const char **)g->names)[0] = "b";
    ((const Type **)g->types)[0] = int_t(true);
    ((const char **)g->names)[1] = "cnt";
    ((const Type **)g->types)[1] = eddy__type_basic(TY_BIGINT, false);
    g->ngroup = 1;
    g->group = key1(1);
    PhysAgg *pa = eddy__arena_alloc(&arena, sizeof *pa);
    pa->call = (AggCall){.fn = "COUNT", .star = true, .filter = -1, .type = g->types[1], .name = "cnt"};
    pa->distinct = -1;
    g->naggs = 1;
    g->aggs = pa;
    return g;
}

/* A sink taking `accepts`, keyed by its first column when pk. */
static PhysNode *sink(const PhysNode *in, PhysSinkKind kind, unsigned accepts, bool pk) {
    PhysNode *s = over(PK_SINK, in);
    s->sink_kind = kind;
    s->sink_name = "default_catalog.default_database.out";
    s->accepts = accepts;
    if (pk) {
        s->npk = 1;
        s->pk = key1(0);
    }
    return s;
}

/* The optimized physical plan with changelog modes, or "ERROR: <message>". */
static char *plan_text(const PhysNode *root) {
    EdErr err = {0};
    const PhysNode *out;
    if (eddy__phys_infer_changelog(&pe, root, false, &out, &err)) {
        char *s = malloc(strlen(err.msg) + 8);
        sprintf(s, "ERROR: %s", err.msg);
        eddy__err_clear(&err);
        return s;
    }
    Buf b;
    eddy__buf_init(&b);
    eddy__phys_print(&b, out, false, EDDY_EXPLAIN_CHANGELOG_MODE);
    char *s = strdup(eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return s;
}

#define ASSERT_PLAN(root, text)                 \
    do {                                        \
        char *got_ = plan_text(root);           \
        bool ok_ = !strcmp(got_, (text));       \
        if (!ok_) {                             \
            TEST_FAIL_HERE();                   \
            fprintf(stderr, "got:\n%s\nexpected:\n%s\n", got_, (text)); \
        }                                       \
        free(got_);                             \
        if (!ok_) return;                       \
    } while (0)

/* ---- changelog inference ---------------------------------------------------------------------- */

TEST(upsert_source_normalized_for_an_aggregate) {
    setup();
    /* ChangelogNormalize turns the upserts into -U/+U the aggregate retracts with */
    ASSERT_PLAN(sink(count_by_b(normalize(scan(CL_INSERT | CL_UPDATE_AFTER | CL_DELETE, true))), PSINK_COLLECT,
                     CL_ALL, false),
                "Sink(table=[default_catalog.default_database.out], fields=[b, cnt], changelogMode=[NONE])\n"
                "+- GroupAggregate(groupBy=[b], select=[b, COUNT_RETRACT(*) AS cnt], changelogMode=[I,UB,UA,D])\n"
                "   +- Exchange(distribution=[hash[b]], changelogMode=[I,UB,UA,D])\n"
                "      +- ChangelogNormalize(key=[id], changelogMode=[I,UB,UA,D])\n"
                "         +- Exchange(distribution=[hash[id]], changelogMode=[I,UA,D])\n"
                "            +- TableSourceScan(table=[[default_catalog, default_database, src]], fields=[id, b, c], "
                "changelogMode=[I,UA,D])\n");
    eddy__arena_destroy(&arena);
}

TEST(upsert_source_into_a_sink_keyed_alike) {
    setup();
    /* the sink takes upserts by the same key: no -U, no materializer */
    ASSERT_PLAN(sink(normalize(scan(CL_INSERT | CL_UPDATE_AFTER | CL_DELETE, true)), PSINK_TABLE,
                     CL_INSERT | CL_UPDATE_AFTER | CL_DELETE, true),
                "Sink(table=[default_catalog.default_database.out], fields=[id, b, c], changelogMode=[NONE])\n"
                "+- ChangelogNormalize(key=[id], changelogMode=[I,UA,D])\n"
                "   +- Exchange(distribution=[hash[id]], changelogMode=[I,UA,D])\n"
                "      +- TableSourceScan(table=[[default_catalog, default_database, src]], fields=[id, b, c], "
                "changelogMode=[I,UA,D])\n");
    /* a sink keyed by another column: both images, and the materializer */
    PhysNode *s = sink(normalize(scan(CL_INSERT | CL_UPDATE_AFTER | CL_DELETE, true)), PSINK_TABLE, CL_ALL, true);
    s->pk = key1(2);
    ASSERT_PLAN(s, "Sink(table=[default_catalog.default_database.out], fields=[id, b, c], upsertMaterialize=[true], "
                   "changelogMode=[NONE])\n"
                   "+- ChangelogNormalize(key=[id], changelogMode=[I,UB,UA,D])\n"
                   "   +- Exchange(distribution=[hash[id]], changelogMode=[I,UA,D])\n"
                   "      +- TableSourceScan(table=[[default_catalog, default_database, src]], fields=[id, b, c], "
                   "changelogMode=[I,UA,D])\n");
    eddy__arena_destroy(&arena);
}

TEST(retracting_source_drops_update_before_for_an_upsert_sink) {
    setup();
    ASSERT_PLAN(sink(scan(CL_ALL, true), PSINK_TABLE, CL_INSERT | CL_UPDATE_AFTER | CL_DELETE, true),
                "Sink(table=[default_catalog.default_database.out], fields=[id, b, c], changelogMode=[NONE])\n"
                "+- DropUpdateBefore(changelogMode=[I,UA,D])\n"
                "   +- TableSourceScan(table=[[default_catalog, default_database, src]], fields=[id, b, c], "
                "changelogMode=[I,UB,UA,D])\n");
    /* a retracting sink keeps the -U */
    ASSERT_PLAN(sink(scan(CL_ALL, true), PSINK_RETRACT, CL_ALL, false),
                "Sink(table=[default_catalog.default_database.out], fields=[id, b, c], changelogMode=[NONE])\n"
                "+- TableSourceScan(table=[[default_catalog, default_database, src]], fields=[id, b, c], "
                "changelogMode=[I,UB,UA,D])\n");
    eddy__arena_destroy(&arena);
}

TEST(sinks_refuse_what_they_cannot_take) {
    setup();
    ASSERT_PLAN(sink(count_by_b(scan(CL_INSERT, false)), PSINK_DATASTREAM, CL_INSERT, false),
                "ERROR: Table sink 'default_catalog.default_database.out' doesn't support consuming update changes "
                "which is produced by node GroupAggregate(groupBy=[b], select=[b, COUNT(*) AS cnt])");
    ASSERT_PLAN(sink(count_by_b(scan(CL_ALL, false)), PSINK_APPEND, CL_INSERT, false),
                "ERROR: toAppendStream doesn't support consuming update and delete changes which is produced by node "
                "GroupAggregate(groupBy=[b], select=[b, COUNT_RETRACT(*) AS cnt])");
    /* a deduplication over changes is the Rank it stands for */
    PhysNode *d = over(PK_DEDUPLICATE, exchange(scan(CL_ALL, false), 0));
    d->ngroup = 1;
    d->group = d->in[0]->keys;
    ASSERT_PLAN(sink(d, PSINK_DATASTREAM, CL_INSERT, false),
                "ERROR: Table sink 'default_catalog.default_database.out' doesn't support consuming update and delete "
                "changes which is produced by node Rank(strategy=[AppendFastStrategy], rankType=[ROW_NUMBER], "
                "rankRange=[rankStart=0, rankEnd=0], partitionBy=[id], orderBy=[], select=[id, b, c])");
    eddy__arena_destroy(&arena);
}

TEST(no_valid_plan) {
    setup();
    /* an aggregate needs -U, an upsert source without ChangelogNormalize has none */
    char *t = plan_text(sink(count_by_b(scan(CL_INSERT | CL_UPDATE_AFTER | CL_DELETE, true)), PSINK_COLLECT, CL_ALL, false));
    ASSERT_STR_CONTAINS(t, "ERROR: Can't generate a valid execution plan for the given query:\n"
                           "Sink(table=[default_catalog.default_database.out], fields=[b, cnt], changelogMode=[NONE])\n"
                           "+- GroupAggregate(groupBy=[b], select=[b, COUNT_RETRACT(*) AS cnt], "
                           "changelogMode=[I,UB,UA,D])\n");
    free(t);
    eddy__arena_destroy(&arena);
}

TEST(source_changelog_checks) {
    EdErr err = {0};
    const char *t = "default_catalog.default_database.src";
    ASSERT_EQ_INT(eddy__phys_check_source_changelog(true, t, CL_INSERT | CL_UPDATE_AFTER | CL_DELETE, 1, &err), EDDY_OK);
    ASSERT_EQ_INT(eddy__phys_check_source_changelog(true, t, CL_INSERT | CL_UPDATE_AFTER, 0, &err), EDDY_E_TABLE);
    ASSERT_STR_EQ(err.msg, "Table 'default_catalog.default_database.src' produces a changelog stream that contains "
                           "UPDATE_AFTER but no UPDATE_BEFORE. This requires defining a primary key constraint on the "
                           "table.");
    eddy__err_clear(&err);
    ASSERT_EQ_INT(eddy__phys_check_source_changelog(true, t, CL_INSERT | CL_UPDATE_BEFORE, 0, &err), EDDY_E_VALIDATION);
    ASSERT_STR_CONTAINS(err.msg, "doesn't support a changelog stream that contains UPDATE_BEFORE but no UPDATE_AFTER");
    eddy__err_clear(&err);
    ASSERT_EQ_INT(eddy__phys_check_source_changelog(false, t, CL_ALL, 1, &err), EDDY_E_TABLE);
    ASSERT_STR_EQ(err.msg, "Querying a table in batch mode is currently only possible for INSERT-only table sources. "
                           "But the source for table 'default_catalog.default_database.src' produces other changelog "
                           "messages than just INSERT.");
    eddy__err_clear(&err);
}

/* ---- the registry ------------------------------------------------------------------------------- */

TEST(registry_names_the_first_missing_operator) {
    setup();
    EdErr err = {0};
    Rel rel = {.kind = REL_MATCH, .feature = "MATCH_RECOGNIZE"};
    /* the Match (made from a Rel) is named before the materializer the planner added above it */
    PhysNode *j = over(PK_MATCH, scan(CL_INSERT, false));
    j->rel = &rel;
    j->feature = rel.feature;
    PhysNode *m = over(PK_SINK_UPSERT_MATERIALIZER, j);
    ASSERT_EQ_INT(eddy__phys_check(sink(m, PSINK_TABLE, CL_ALL, true), &err), EDDY_E_UNSUPPORTED);
    ASSERT_STR_EQ(err.msg, "not supported yet: MATCH_RECOGNIZE");
    eddy__err_clear(&err);
    /* the materializer has its operator */
    ASSERT_EQ_INT(eddy__phys_check(sink(over(PK_SINK_UPSERT_MATERIALIZER, scan(CL_INSERT, false)), PSINK_TABLE,
                                        CL_ALL, true),
                                   &err),
                  EDDY_OK);
    /* every kind has a name and a feature; today's operators have translate functions */
    for (int k = 0; k < PK__COUNT; k++) {
        ASSERT_TRUE(eddy__phys_kinds[k].name && *eddy__phys_kinds[k].name);
        ASSERT_TRUE(eddy__phys_kinds[k].feature && *eddy__phys_kinds[k].feature);
    }
    ASSERT_TRUE(eddy__phys_kinds[PK_CALC].translate != NULL);
    ASSERT_TRUE(eddy__phys_kinds[PK_GROUP_AGGREGATE].translate != NULL);
    ASSERT_TRUE(eddy__phys_kinds[PK_MATCH].translate == NULL);
    eddy__arena_destroy(&arena);
}

/* ---- the rules ---------------------------------------------------------------------------------- */

static Rel *values_rel(int ncols) {
    Rel *v = eddy__rel_new(&arena, REL_VALUES, ncols, 0);
    static const char *names[] = {"x", "y"};
    for (int i = 0; i < ncols; i++) {
        v->names[i] = names[i];
        v->types[i] = int_t(false);
    }
    return v;
}

/* A rule dropping a filter whose condition is the literal TRUE. */
static Rel *drop_true_filter(RuleCtx *cx, const Rel *r) {
    (void)cx;
    if (r->kind == REL_FILTER && r->cond->kind == EX_LITERAL && r->cond->value.u.b) return r->in[0];
    return NULL;
}

TEST(rules_apply_bottom_up_to_a_fixpoint) {
    setup();
    Value t = {.type = eddy__type_basic(TY_BOOLEAN, false), .u.b = true};
    Rel *v = values_rel(2);
    Rel *f = eddy__rel_filter(&arena, eddy__rel_filter(&arena, eddy__rel_filter(&arena, v, eddy__expr_literal(&arena, &t)),
                                                       eddy__expr_literal(&arena, &t)),
                              eddy__expr_literal(&arena, &t));
    static const RelRule rules[] = {{"drop_true_filter", drop_true_filter}};
    RuleSet set = {rules, 1};
    const Rel *out;
    EdErr err = {0};
    ASSERT_EQ_INT(eddy__plan_rewrite(&pe, f, &set, 1, &out, &err), EDDY_OK);
    ASSERT_TRUE(out == v); /* every filter gone, the untouched Rel shared */
    eddy__arena_destroy(&arena);
}

TEST(planner_rules_rewrite_set_operations_and_calcs) {
    setup();
    EdErr err = {0};
    const Rel *out;
    Rel *u = eddy__rel_new(&arena, REL_SETOP, 2, 2);
    u->in[0] = values_rel(2);
    u->in[1] = values_rel(2);
    u->setop = SETOP_UNION;
    u->names[0] = "x";
    u->names[1] = "y";
    u->types[0] = u->types[1] = int_t(false);
    u->feature = "UNION (without ALL)";
    ASSERT_EQ_INT(eddy__plan_rewrite(&pe, u, eddy__plan_rule_phases, eddy__plan_nphases, &out, &err), EDDY_OK);
    ASSERT_EQ_INT(out->kind, REL_AGGREGATE);
    ASSERT_EQ_INT(out->ngroup, 2);
    ASSERT_EQ_INT(out->in[0]->kind, REL_UNION);
    ASSERT_STR_EQ(out->feature, "UNION (without ALL)"); /* the message while no operator runs it */
    /* the semi / anti join keeps rows of its left side, an empty VALUES:
     * unique already, so the DISTINCT's Aggregate above it goes */
    u->setop = SETOP_INTERSECT;
    ASSERT_EQ_INT(eddy__plan_rewrite(&pe, u, eddy__plan_rule_phases, eddy__plan_nphases, &out, &err), EDDY_OK);
    ASSERT_EQ_INT(out->kind, REL_JOIN);
    ASSERT_EQ_INT(out->join, JOIN_SEMI);
    u->setop = SETOP_EXCEPT;
    ASSERT_EQ_INT(eddy__plan_rewrite(&pe, u, eddy__plan_rule_phases, eddy__plan_nphases, &out, &err), EDDY_OK);
    ASSERT_EQ_INT(out->join, JOIN_ANTI);
    /* a projection of a projection of a filter: one Calc */
    Rel *v = values_rel(2);
    Value one = {.type = int_t(false), .u.i = 1};
    Expr *cmp[2] = {eddy__expr_column(&arena, 0, int_t(false)), eddy__expr_literal(&arena, &one)}, *gt;
    ASSERT_EQ_INT(eddy__expr_call_name(&arena, ">", cmp, 2, &gt, &err), EDDY_OK);
    const Expr *swap[2] = {eddy__expr_column(&arena, 1, int_t(false)), eddy__expr_column(&arena, 0, int_t(false))};
    const char *names[2] = {"y", "x"};
    Rel *p = eddy__rel_project(&arena, eddy__rel_project(&arena, eddy__rel_filter(&arena, v, gt), 2, swap, names), 2,
                               swap, names);
    ASSERT_EQ_INT(eddy__plan_rewrite(&pe, p, eddy__plan_rule_phases, eddy__plan_nphases, &out, &err), EDDY_OK);
    /* swapped twice: the columns as they were, only the condition left */
    ASSERT_EQ_INT(out->kind, REL_CALC);
    ASSERT_TRUE(out->in[0] == v);
    ASSERT_TRUE(out->cond != NULL);
    ASSERT_EQ_INT(out->exprs[0]->index, 0);
    ASSERT_EQ_INT(out->exprs[1]->index, 1);
    eddy__arena_destroy(&arena);
}

/* ---- translation ---------------------------------------------------------------------------------- */

TEST(changelog_stream_sink_through_the_registry) {
    setup();
    Rel *v = values_rel(2);
    v->values = NULL;
    v->nrows = 0;
    int pk[1] = {0};
    StreamSinkSpec spec = {.kind = SSINK_CHANGELOG,
                           .name = "*anonymous_datastream_sink$1*",
                           .accepts = CL_INSERT | CL_UPDATE_AFTER | CL_DELETE,
                           .npk = 1,
                           .pk = pk};
    StreamNode *n;
    EdErr err = {0};
    ASSERT_EQ_INT(eddy__plan_to_datastream(&pe, v, &spec, &n, &err), EDDY_OK);
    ASSERT_STR_EQ(n->name, "SinkConversion");
    ASSERT_EQ_INT(n->ncols, 2);
    ASSERT_STR_EQ(n->in[0].from->name, "Values");
    eddy__arena_destroy(&arena);
}


/* ---- a decorrelation rule on the framework ---------------------------------------------------------- */

/* Calc(x IN (query)) -> Calc over Join(semi, input, query, x = the query's column). */
static Rel *in_to_semi_join(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_CALC || !r->cond || r->cond->kind != EX_CALL || strcmp(r->cond->fn->name, "$IN_QUERY")) return NULL;
    const Rel *in = r->in[0], *q = r->cond->fn_data;
    Rel *j = eddy__rel_new(cx->a, REL_JOIN, in->ncols, 2);
    if (!j) return eddy__rule_fail(cx);
    j->in[0] = (Rel *)in;
    j->in[1] = (Rel *)q;
    j->join = JOIN_SEMI;
    for (int i = 0; i < in->ncols; i++) {
        j->names[i] = in->names[i];
        j->types[i] = in->types[i];
    }
    Expr *eq, *args[2] = {r->cond->args[0], eddy__expr_column(cx->a, in->ncols, q->types[0])};
    if (!args[1] || eddy__expr_call_name(cx->a, "=", args, 2, &eq, cx->err)) return eddy__rule_fail(cx);
    j->cond = eq;
    Rel *c = eddy__rel_calc(cx->a, j, r->ncols, r->exprs, r->names, NULL);
    return c ? c : eddy__rule_fail(cx);
}

TEST(decorrelation_rule_carried_into_a_semi_join) {
    eddy_env *env = eddy_env_new(NULL);
    eddy_tenv *tenv = eddy_tenv_new(env);
    eddy_result_free(eddy_tenv_execute_sql(tenv, "CREATE TABLE P (name STRING, score INT, city STRING) WITH ('connector' = 'datagen')"));
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT name FROM P WHERE name IN (SELECT city FROM P)");
    ASSERT_TRUE(t != NULL);
    PlanEnv tpe;
    eddy__api_plan_env(tenv, &tpe);
    /* the planner's Calc phase, then the new rule (the planner's own phase 0
     * would remove the subquery first) */
    static const RelRule rules[] = {{"in_to_semi_join", in_to_semi_join}};
    RuleSet sets[2] = {eddy__plan_rule_phases[1], {rules, 1}};
    const Rel *rw;
    EdErr err = {0};
    ASSERT_EQ_INT(eddy__plan_rewrite(&tpe, t->rel, sets, 2, &rw, &err), EDDY_OK);
    PhysNode *p;
    const PhysNode *out;
    ASSERT_EQ_INT(eddy__phys_build(&tpe, rw, NULL, &p, &err), EDDY_OK);
    ASSERT_EQ_INT(eddy__phys_infer_changelog(&tpe, p, false, &out, &err), EDDY_OK);
    Buf b;
    eddy__buf_init(&b);
    eddy__phys_print(&b, out, true, 0);
    /* eddy__phys_build runs the planner's rules too: the semi join's Calc
     * above it goes below (rules_subquery.c) */
    bool same = !strcmp(eddy__buf_cstr(&b),
                        "Join(joinType=[LeftSemiJoin], where=[(name = city)], select=[name], "
                        "leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])\n"
                        ":- Exchange(distribution=[hash[name]])\n"
                        ":  +- Calc(select=[name])\n"
                        ":     +- TableSourceScan(table=[[default_catalog, default_database, P]], fields=[name, score, "
                        "city])\n"
                        "+- Exchange(distribution=[hash[city]])\n"
                        "   +- Calc(select=[city])\n"
                        "      +- TableSourceScan(table=[[default_catalog, default_database, P]], fields=[name, score, "
                        "city])\n");
    if (!same) fprintf(stderr, "%s", eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    ASSERT_TRUE(same);
    /* the planner's own rules (rules_subquery.c) make the same semi join */
    ASSERT_EQ_INT(eddy__phys_plan(&tpe, t->rel, NULL, &out, &err), EDDY_OK);
    eddy__buf_init(&b);
    eddy__phys_print(&b, out, true, 0);
    ASSERT_STR_CONTAINS(eddy__buf_cstr(&b), "Join(joinType=[LeftSemiJoin], where=[(name = city)], select=[name]");
    eddy__buf_free(&b);
    /* and the streaming join runs it */
    ASSERT_EQ_INT(eddy__phys_check(out, &err), EDDY_OK);
    eddy_env_free(env);
}

int main(void) {
    RUN(upsert_source_normalized_for_an_aggregate);
    RUN(upsert_source_into_a_sink_keyed_alike);
    RUN(retracting_source_drops_update_before_for_an_upsert_sink);
    RUN(sinks_refuse_what_they_cannot_take);
    RUN(no_valid_plan);
    RUN(source_changelog_checks);
    RUN(registry_names_the_first_missing_operator);
    RUN(rules_apply_bottom_up_to_a_fixpoint);
    RUN(planner_rules_rewrite_set_operations_and_calcs);
    RUN(changelog_stream_sink_through_the_registry);
    RUN(decorrelation_rule_carried_into_a_semi_join);
    return test_report();
}
