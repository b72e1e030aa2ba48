/*
 * test_join.c -- the streaming regular join's changelog, exactly, at
 * parallelism 1: inner (with a residual condition), left, right and full
 * outer joins, semi / anti joins from IN / NOT EXISTS, and a join over an
 * updating input (an outer join's -D / +I). Each input is a scripted
 * source that emits its next row only when the script's previous rows have
 * produced every output row they should, so the order of the two inputs is
 * the script's (a row producing nothing is followed by one of the same
 * input, or by one whose output does not depend on the order). Then the
 * Table API join at parallelism 4 against parallelism 1: the same table
 * after the changelog is applied.
 */
#include <stdatomic.h>
#include <time.h>

#include "check.h"

#define MAX_STEPS 32

typedef struct Step {
    int side;      /* which source emits it */
    int k;         /* the key (-1: NULL) */
    const char *v; /* the value */
    int out;       /* changelog rows it produces */
    int sleep_ms;  /* wait this long before emitting it */
} Step;

typedef struct Script {
    const Step *steps;
    int n;
    int before[MAX_STEPS + 1]; /* output rows of the steps before step i */
    atomic_int next;
    atomic_int seen;
} Script;

typedef struct SideSrc {
    Script *sc;
    int side;
} SideSrc;

static eddy_status side_run(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask;
    (void)parallelism;
    SideSrc *s = ctx;
    Script *sc = s->sc;
    int i = atomic_load(&sc->next);
    bool more = false;
    for (int j = i; j < sc->n && !more; j++) more = sc->steps[j].side == s->side;
    if (!more) return EDDY_DONE;
    if (sc->steps[i].side != s->side || atomic_load(&sc->seen) < sc->before[i]) {
        struct timespec ts = {0, 200000};
        nanosleep(&ts, NULL);
        return EDDY_OK;
    }
    const Step *st = &sc->steps[i];
    if (st->sleep_ms) {
        struct timespec ts = {st->sleep_ms / 1000, (long)(st->sleep_ms % 1000) * 1000000L};
        nanosleep(&ts, NULL);
    }
    if (st->k < 0) eddy_out_set_null(out, 0);
    else eddy_out_set_int(out, 0, st->k);
    eddy_out_set_cstring(out, 1, st->v);
    eddy_status rc = eddy_out_emit(out);
    atomic_store(&sc->next, i + 1);
    return rc;
}

/* Runs sql over the views L, R (and S) fed by the script; the changelog as
 * lines. */
/* set: a statement run first (NULL: none); pks: the primary key column of
 * L, R and S (NULL: none; the columns are then NOT NULL). */
static char *run_script_full(const char *set, const char *const *pks, const char *sql, const Step *steps, int n) {
    static Script sc;
    static SideSrc srcs[3];
    sc.steps = steps;
    sc.n = n;
    sc.before[0] = 0;
    for (int i = 0; i < n; i++) sc.before[i + 1] = sc.before[i] + steps[i].out;
    atomic_store(&sc.next, 0);
    atomic_store(&sc.seen, 0);
    eddy_env *env = new_env(1);
    eddy_tenv *tenv = eddy_tenv_new(env);
    if (set) eddy_result_free(eddy_tenv_execute_sql(tenv, set));
    const char *names[3] = {"L", "R", "S"};
    for (int i = 0; i < 3; i++) {
        srcs[i] = (SideSrc){&sc, i};
        eddy_stream *s = eddy_from_source(env, pks ? "ROW<k INT NOT NULL, v STRING NOT NULL>" : "ROW<k INT, v STRING>",
                                          false, side_run, &srcs[i], NULL);
        eddy_schema *schema = NULL;
        if (pks && pks[i]) {
            schema = eddy_schema_new(env);
            eddy_schema_column(schema, "k", "INT NOT NULL");
            eddy_schema_column(schema, "v", "STRING NOT NULL");
            eddy_schema_primary_key(schema, pks[i], NULL);
        }
        eddy_tenv_create_temporary_view_from_stream(tenv, names[i], s, schema);
    }
    eddy_table *t = eddy_tenv_sql_query(tenv, sql);
    eddy_result *r = t ? eddy_table_execute(t) : NULL;
    if (!r) {
        char *e = env_error_text(env);
        eddy_env_free(env);
        return e;
    }
    eddy_iter *it = eddy_result_collect(r);
    Lines l = lines_empty();
    const eddy_row *row;
    eddy_status st;
    char buf[1024];
    while ((st = eddy_iter_next(it, &row)) == EDDY_ROW) {
        eddy_row_to_string(row, buf, sizeof buf);
        lines_add(&l, buf);
        atomic_fetch_add(&sc.seen, 1);
    }
    if (st != EDDY_DONE) {
        free(l.text);
        snprintf(buf, sizeof buf, "ERROR: %s", eddy_iter_errmsg(it));
        l.text = strdup(buf);
    }
    eddy_iter_free(it);
    eddy_env_free(env);
    return l.text;
}

static char *run_script_with(const char *set, const char *sql, const Step *steps, int n) {
    return run_script_full(set, NULL, sql, steps, n);
}
static char *run_script(const char *sql, const Step *steps, int n) { return run_script_full(NULL, NULL, sql, steps, n); }

#define L 0
#define R 1
#define S 2

TEST(inner_join_with_a_residual_condition) {
    static const Step steps[] = {
        {L, 1, "b", 0}, {R, 1, "a", 0}, {R, 1, "c", 1}, {L, 1, "a", 1}, {R, 2, "z", 0}, {R, 1, "d", 2},
    };
    ASSERT_TEXT(run_script("SELECT * FROM L JOIN R ON L.k = R.k AND L.v < R.v", steps, 6),
                "+I[1, b, 1, c]\n"
                "+I[1, a, 1, c]\n"
                "+I[1, b, 1, d]\n"
                "+I[1, a, 1, d]\n");
}

TEST(left_join_retracts_the_null_padded_row) {
    static const Step steps[] = {
        {L, 1, "a", 1}, {R, 1, "x", 2}, {R, 2, "y", 0}, {R, 1, "z", 1}, {L, 2, "b", 1}, {L, 1, "c", 2}, {L, -1, "n", 1},
        {R, -1, "m", 0}, {L, 3, "d", 1},
    };
    ASSERT_TEXT(run_script("SELECT * FROM L LEFT JOIN R ON L.k = R.k", steps, 9),
                "+I[1, a, null, null]\n"
                "-D[1, a, null, null]\n"
                "+I[1, a, 1, x]\n"
                "+I[1, a, 1, z]\n"
                "+I[2, b, 2, y]\n"
                "+I[1, c, 1, x]\n"
                "+I[1, c, 1, z]\n"
                "+I[null, n, null, null]\n"
                "+I[3, d, null, null]\n");
}

TEST(right_join) {
    static const Step steps[] = {
        {R, 1, "x", 1}, {L, 1, "a", 2}, {L, 5, "q", 0}, {L, 1, "b", 1}, {R, 5, "w", 1},
    };
    ASSERT_TEXT(run_script("SELECT * FROM L RIGHT JOIN R ON L.k = R.k", steps, 5),
                "+I[null, null, 1, x]\n"
                "-D[null, null, 1, x]\n"
                "+I[1, a, 1, x]\n"
                "+I[1, b, 1, x]\n"
                "+I[5, q, 5, w]\n");
}

TEST(full_join_counts_associations_on_both_sides) {
    static const Step steps[] = {
        {R, 1, "x", 1}, {L, 1, "a", 2}, {L, 1, "b", 1}, {L, 2, "c", 1}, {R, 2, "y", 2}, {R, 3, "z", 1}, {R, 1, "w", 2},
    };
    ASSERT_TEXT(run_script("SELECT * FROM L FULL JOIN R ON L.k = R.k", steps, 7),
                "+I[null, null, 1, x]\n"
                "-D[null, null, 1, x]\n"
                "+I[1, a, 1, x]\n"
                "+I[1, b, 1, x]\n"
                "+I[2, c, null, null]\n"
                "-D[2, c, null, null]\n"
                "+I[2, c, 2, y]\n"
                "+I[null, null, 3, z]\n"
                "+I[1, a, 1, w]\n"
                "+I[1, b, 1, w]\n");
}

TEST(full_join_residual_condition_pads_rows_that_fail_it) {
    static const Step steps[] = {
        {L, 1, "m", 1}, {R, 1, "a", 1}, {R, 1, "z", 2}, {L, 1, "b", 1}, {L, 1, "0", 3},
    };
    ASSERT_TEXT(run_script("SELECT * FROM L FULL JOIN R ON L.k = R.k AND L.v < R.v", steps, 5),
                "+I[1, m, null, null]\n"
                "+I[null, null, 1, a]\n"
                "-D[1, m, null, null]\n"
                "+I[1, m, 1, z]\n"
                "+I[1, b, 1, z]\n"
                "-D[null, null, 1, a]\n"
                "+I[1, 0, 1, a]\n"
                "+I[1, 0, 1, z]\n");
}

TEST(semi_join_from_in) {
    static const Step steps[] = {
        {L, 1, "a", 0}, {R, 1, "x", 1}, {R, 1, "y", 0}, {L, 1, "b", 1}, {L, 2, "c", 0}, {L, 3, "d", 0}, {R, 3, "z", 1},
    };
    ASSERT_TEXT(run_script("SELECT * FROM L WHERE k IN (SELECT k FROM R)", steps, 7), "+I[1, a]\n+I[1, b]\n+I[3, d]\n");
}

TEST(anti_join_from_not_exists) {
    static const Step steps[] = {
        {L, 1, "a", 1}, {R, 1, "x", 1}, {R, 1, "y", 0}, {L, 2, "b", 1}, {L, 1, "c", 0}, {R, 2, "z", 1},
    };
    ASSERT_TEXT(run_script("SELECT * FROM L WHERE NOT EXISTS (SELECT * FROM R WHERE R.k = L.k)", steps, 6),
                "+I[1, a]\n-D[1, a]\n+I[2, b]\n-D[2, b]\n");
}

TEST(not_in_is_null_aware) {
    /* k NOT IN (R.k): a NULL on either side makes it unknown */
    static const Step steps[] = {
        {L, 1, "a", 1}, {L, -1, "n", 1}, {L, 2, "b", 1}, {R, 1, "x", 2}, {R, 3, "y", 0}, {R, -1, "m", 1},
    };
    ASSERT_TEXT(run_script("SELECT * FROM L WHERE k NOT IN (SELECT k FROM R)", steps, 6),
                "+I[1, a]\n+I[null, n]\n+I[2, b]\n-D[1, a]\n-D[null, n]\n-D[2, b]\n");
}

TEST(join_over_an_updating_input) {
    static const Step steps[] = {
        {S, 1, "s", 0}, {L, 1, "a", 1}, {R, 1, "x", 2}, {S, 1, "t", 1}, {R, 1, "y", 2},
    };
    ASSERT_TEXT(run_script("SELECT J.v, J.rv, S.v FROM (SELECT L.k, L.v, R.v AS rv FROM L LEFT JOIN R ON L.k = R.k) J "
                           "JOIN S ON J.k = S.k",
                           steps, 5),
                "+I[a, null, s]\n"
                "-D[a, null, s]\n"
                "+I[a, x, s]\n"
                "+I[a, x, t]\n"
                "+I[a, y, s]\n"
                "+I[a, y, t]\n");
}

TEST(residual_join_over_an_updating_input_and_duplicate_records) {
    /* S holds its record twice: every pair goes out twice, with the kind
     * of the row that makes it (the left join's -D / +I); "a" < "A" fails */
    static const Step steps[] = {
        {S, 1, "s", 0}, {S, 1, "s", 0}, {L, 1, "a", 2}, {R, 1, "x", 4}, {S, 1, "b", 1}, {S, 1, "A", 0},
    };
    ASSERT_TEXT(run_script("SELECT J.v, J.rv, S.v FROM (SELECT L.k, L.v, R.v AS rv FROM L LEFT JOIN R ON L.k = R.k) J "
                           "JOIN S ON J.k = S.k AND J.v < S.v",
                           steps, 6),
                "+I[a, null, s]\n"
                "+I[a, null, s]\n"
                "-D[a, null, s]\n"
                "-D[a, null, s]\n"
                "+I[a, x, s]\n"
                "+I[a, x, s]\n"
                "+I[a, x, b]\n");
}

TEST(semi_join_over_an_updating_input) {
    /* the left join's -D / +I reach the semi join, which passes them on with their kinds */
    static const Step steps[] = {
        {S, 1, "s", 0}, {L, 1, "a", 1}, {R, 1, "x", 2}, {S, 1, "t", 0},
    };
    ASSERT_TEXT(run_script("SELECT * FROM (SELECT L.k, L.v, R.v AS rv FROM L LEFT JOIN R ON L.k = R.k) J WHERE J.k IN "
                           "(SELECT k FROM S)",
                           steps, 4),
                "+I[1, a, null]\n"
                "-D[1, a, null]\n"
                "+I[1, a, x]\n");
}

TEST(state_ttl_expires_records_of_both_sides) {
    /* the left row has expired when the right one comes: no match, and no
     * retraction of its padded row (expired state is gone, as in Flink) */
    static const Step steps[] = {
        {L, 1, "a", 1, 0}, {R, 1, "x", 1, 2300}, {L, 1, "b", 2, 0},
    };
    ASSERT_TEXT(run_script_with("SET 'table.exec.state.ttl' = '2 s'", "SELECT * FROM L FULL JOIN R ON L.k = R.k", steps, 3),
                "+I[1, a, null, null]\n"
                "+I[null, null, 1, x]\n"
                "-D[null, null, 1, x]\n"
                "+I[1, b, 1, x]\n");
}

TEST(unique_key_views_keep_one_record_per_key) {
    /* L's primary key is the join key (JoinKeyContainsUniqueKey): a second
     * row of key 1 replaces the first in state, so only it is joined later;
     * R's is v (HasUniqueKey): one record per v under each join key */
    static const char *const pks[3] = {"k", "v", NULL};
    static const Step steps[] = {
        {L, 1, "a", 1}, {L, 1, "b", 1}, {R, 1, "x", 2}, {R, 1, "y", 1}, {L, 1, "c", 2},
    };
    ASSERT_TEXT(run_script_full(NULL, pks, "SELECT * FROM L LEFT JOIN R ON L.k = R.k", steps, 5),
                "+I[1, a, null, null]\n"
                "+I[1, b, null, null]\n"
                "-D[1, b, null, null]\n"
                "+I[1, b, 1, x]\n"
                "+I[1, b, 1, y]\n"
                "+I[1, c, 1, x]\n"
                "+I[1, c, 1, y]\n");
}

/* ---- parallelism 4 against parallelism 1 ---------------------------------------------------------------------- */

/* The changelog lines applied to a table: the remaining rows, sorted. */
static char *materialize(char *text) {
    char **rows = NULL;
    int *cnt = NULL;
    int n = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        int add = line[0] == '+' ? 1 : -1;
        const char *body = line + 2;
        int i = 0;
        while (i < n && strcmp(rows[i], body)) i++;
        if (i == n) {
            rows = realloc(rows, sizeof *rows * (size_t)(n + 1));
            cnt = realloc(cnt, sizeof *cnt * (size_t)(n + 1));
            rows[n] = strdup(body);
            cnt[n++] = 0;
        }
        cnt[i] += add;
    }
    char buf[512];
    Lines out = lines_empty();
    for (int i = 0; i < n; i++)
        for (int c = 0; c < cnt[i]; c++) {
            snprintf(buf, sizeof buf, "%s", rows[i]);
            lines_add(&out, buf);
        }
    for (int i = 0; i < n; i++)
        if (cnt[i] < 0) lines_add(&out, "NEGATIVE COUNT");
    for (int i = 0; i < n; i++) free(rows[i]);
    free(rows);
    free(cnt);
    free(text);
    return sorted_lines(out.text);
}

static char *table_api_join(int p, int which) {
    eddy_env *env = new_env(p);
    eddy_tenv *tenv = eddy_tenv_new(env);
    char lv[4096], rv[4096];
    size_t ln = 0, rn = 0;
    for (int i = 0; i < 60; i++) ln += (size_t)snprintf(lv + ln, sizeof lv - ln, "%s(%d, 'l%02d')", i ? ", " : "", (i * 7) % 23, i);
    for (int i = 0; i < 50; i++) rn += (size_t)snprintf(rv + rn, sizeof rv - rn, "%s(%d, 'r%02d')", i ? ", " : "", (i * 5) % 31, i);
    eddy_table *a = eddy_tenv_from_datastream(tenv, eddy_from_values(env, "ROW<a INT, av STRING>", lv), NULL);
    eddy_table *b = eddy_tenv_from_datastream(tenv, eddy_from_values(env, "ROW<b INT, bv STRING>", rv), NULL);
    eddy_tenv_create_temporary_view(tenv, "A", a);
    eddy_tenv_create_temporary_view(tenv, "B", b);
    eddy_table *j = which == 0   ? eddy_table_join(a, b, "a === b")
                    : which == 1 ? eddy_table_left_outer_join(a, b, "a === b && av < bv")
                    : which == 2 ? eddy_table_right_outer_join(a, b, "a === b")
                    : which == 3 ? eddy_table_full_outer_join(a, b, "a === b && a > 3")
                    : which == 4 ? eddy_tenv_sql_query(tenv, "SELECT * FROM A WHERE a IN (SELECT b FROM B WHERE bv > 'r2')")
                    : which == 5 ? eddy_tenv_sql_query(tenv, "SELECT * FROM A WHERE NOT EXISTS (SELECT * FROM B WHERE b = a + 20)")
                                 : eddy_tenv_sql_query(tenv, "SELECT * FROM A WHERE a NOT IN (SELECT b + 10 FROM B)");
    char *text = materialize(table_rows(env, j));
    eddy_env_free(env);
    return text;
}

TEST(joins_at_parallelism_4_give_the_table_of_parallelism_1) {
    for (int which = 0; which < 7; which++) {
        char *one = table_api_join(1, which), *four = table_api_join(4, which);
        if (count_lines(one) <= 5) fprintf(stderr, "join %d:\n%s", which, one);
        ASSERT_TRUE(count_lines(one) > 5);
        ASSERT_TRUE(strstr(one, "NEGATIVE") == NULL);
        ASSERT_TEXT(four, one);
        free(one);
    }
}

int main(void) {
    RUN(inner_join_with_a_residual_condition);
    RUN(left_join_retracts_the_null_padded_row);
    RUN(right_join);
    RUN(full_join_counts_associations_on_both_sides);
    RUN(full_join_residual_condition_pads_rows_that_fail_it);
    RUN(semi_join_from_in);
    RUN(anti_join_from_not_exists);
    RUN(not_in_is_null_aware);
    RUN(join_over_an_updating_input);
    RUN(residual_join_over_an_updating_input_and_duplicate_records);
    RUN(semi_join_over_an_updating_input);
    RUN(state_ttl_expires_records_of_both_sides);
    RUN(unique_key_views_keep_one_record_per_key);
    RUN(joins_at_parallelism_4_give_the_table_of_parallelism_1);
    return test_report();
}
