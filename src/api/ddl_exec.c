/*
 * ddl_exec.c -- executeSql for catalog statements: CREATE / DROP / ALTER of
 * tables (with LIKE and AS SELECT), views, databases and catalogs; USE;
 * SHOW and DESCRIBE with the result tables Flink's SQL client prints.
 * Messages follow Flink's CatalogManager, SqlCreateTableConverter,
 * MergeTableLikeUtil and AlterSchemaConverter.
 */
#include <ctype.h>
#include <stdlib.h>

#include "api/sql_int.h"
#include "sql/parser.h"
#include "types/format.h"

#define NOMEM(x) (eddy__api_nomem((x)->env))
/* Appends to a vector; a failure is remembered in x->oom and reported
 * before anything is registered. */
#define PUSH(v, item)                                                                                                 \
    do {                                                                                                               \
        if (!ed_vec_push(v, item)) x->oom = true;                                                                      \
    } while (0)

static eddy_result *fail(SqlExec *x, eddy_status code, const char *fmt, ...) ED_PRINTF(3, 4);
static eddy_result *fail(SqlExec *x, eddy_status code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    EdErr e = {0};
    eddy__verr(&e, code, fmt, ap);
    va_end(ap);
    eddy__api_take(x->env, &e);
    return NULL;
}

static eddy_result *take(SqlExec *x, EdErr *err) {
    eddy__api_take(x->env, err);
    return NULL;
}

static int ascii_lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* 'text' with quotes doubled, as SQL writes a string literal. */
static void sql_string(Buf *b, const char *s, size_t n) {
    eddy__buf_putc(b, '\'');
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\'') eddy__buf_putc(b, '\'');
        eddy__buf_putc(b, s[i]);
    }
    eddy__buf_putc(b, '\'');
}

static const char *quoted(SqlExec *x, const char *q) { return eddy__path_quoted(x->a, q); }
static const char *last_of(const AstName *n) { return n->parts[n->nparts - 1]; }

/* A name's parts joined with '.', as written ("c0.t"); "" when out of memory. */
static const char *dotted(SqlExec *x, const AstName *n) {
    Buf b;
    eddy__buf_init(&b);
    for (int i = 0; i < n->nparts; i++) eddy__buf_printf(&b, "%s%s", i ? "." : "", n->parts[i]);
    const char *s = b.failed ? NULL : eddy__arena_strdup(x->a, eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return s ? s : "";
}

/* ---- result tables ------------------------------------------------------------------------------ */

/* A static result of string columns; cells row-major (NULL: SQL NULL). */
static eddy_result *string_table(SqlExec *x, eddy_statement_kind kind, int ncols, const char *const *names,
                                 const char *const *cells, int nrows) {
    const Type **types = eddy__arena_alloc(x->a, sizeof(Type *) * (size_t)ncols);
    if (!types) return NOMEM(x);
    for (int i = 0; i < ncols; i++) types[i] = eddy__type_string(false);
    Batch *b = eddy__batch_new_typed(ncols, types, nrows ? (uint32_t)nrows : 1);
    if (!b) return NOMEM(x);
    for (int r = 0; r < nrows; r++)
        for (int c = 0; c < ncols; c++) {
            const char *s = cells[r * ncols + c];
            if (s) eddy__vec_set_str(b->cols[c], (uint32_t)r, s, strlen(s));
            else eddy__vec_set_null(b->cols[c], (uint32_t)r);
        }
    b->n = b->count = (uint32_t)nrows;
    return eddy__api_static_result(x->tenv, EDDY_RESULT_SUCCESS_WITH_CONTENT, kind, ncols, names, types, b);
}

/* SQL LIKE (% and _; backslash escapes), case-insensitive for ILIKE. */
static bool like_match(const char *p, const char *s, bool ci) {
    while (*p) {
        if (*p == '%') {
            while (*p == '%') p++;
            if (!*p) return true;
            for (; *s; s++)
                if (like_match(p, s, ci)) return true;
            return false;
        }
        if (!*s) return false;
        char pc = *p;
        if (pc == '\\' && p[1]) pc = *++p;
        else if (pc == '_') {
            p++;
            s++;
            continue;
        }
        char sc = *s;
        if (ci) {
            pc = (char)ascii_lower((unsigned char)pc);
            sc = (char)ascii_lower((unsigned char)sc);
        }
        if (pc != sc) return false;
        p++;
        s++;
    }
    return !*s;
}

static bool show_filter(const struct AstShow *sh, const char *name) {
    if (!sh->like) return true;
    return like_match(sh->like, name, sh->ilike) != sh->not_like;
}

/* A one-column listing, filtered by SHOW's LIKE. */
static eddy_result *name_list(SqlExec *x, const struct AstShow *sh, const char *column, const char *const *names, int n) {
    const char **keep = eddy__arena_alloc(x->a, sizeof(char *) * (size_t)(n + 1));
    if (!keep) return NOMEM(x);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!sh || show_filter(sh, names[i])) keep[k++] = names[i];
    const char *cols[] = {column};
    return string_table(x, EDDY_STMT_SHOW, 1, cols, keep, k);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* ---- table options and schema parts ------------------------------------------------------------ */

typedef ED_VEC(TableOption) Opts;

static void opts_put(SqlExec *x, Opts *o, const char *k, const char *v, bool *dup) {
    for (size_t i = 0; i < o->len; i++)
        if (!strcmp(o->items[i].key, k)) {
            if (dup) *dup = true;
            o->items[i].value = v;
            return;
        }
    PUSH(o, ((TableOption){k, v}));
}

typedef ED_VEC(SpecPart) Parts;

static int part_index(const Parts *p, const char *name) {
    for (size_t i = 0; i < p->len; i++)
        if (p->items[i].kind <= SPEC_METADATA && !strcmp(p->items[i].name, name)) return (int)i;
    return -1;
}

static int find_kind(const Parts *p, SpecKind k) {
    for (size_t i = 0; i < p->len; i++)
        if (p->items[i].kind == k) return (int)i;
    return -1;
}

static const SchemaSpec *spec_of(SqlExec *x, const Parts *p) {
    SchemaSpec *s = eddy__arena_alloc(x->a, sizeof *s);
    SpecPart *parts = eddy__arena_alloc(x->a, sizeof(SpecPart) * (p->len + 1));
    if (!s || !parts) return NULL;
    if (p->len) memcpy(parts, p->items, sizeof(SpecPart) * p->len); /* no columns: items is NULL */
    s->n = (int)p->len;
    s->parts = parts;
    return s;
}

/* Resolves and registers (or replaces) a connector table. */
static eddy_result *put_table_mt(SqlExec *x, const char *q, const char *name, bool temporary, const Parts *parts,
                                 const Opts *opts, int npart, const char *const *pkeys, const char *comment,
                                 bool replace, bool if_not_exists, const TableEntry **out, const MaterializedDef *mt) {
    const SchemaSpec *spec = x->oom ? NULL : spec_of(x, parts);
    if (!spec) return NOMEM(x);
    BindEnv be;
    eddy__api_bind_env(x->tenv, &be);
    TableEntry *te;
    EdErr err = {0};
    if (eddy__plan_table_entry(&be, q, spec, (int)opts->len, opts->items, npart, pkeys, comment, &te, &err))
        return take(x, &err);
    CatalogEntry e = {.path = q, .name = name, .temporary = temporary, .schema = te->def.schema, .table = te,
                      .comment = comment, .mt = mt};
    if (eddy__catalog_add(&x->tenv->catalog, x->a, &e, replace, if_not_exists, NULL, &err)) return take(x, &err);
    if (out) *out = te;
    return eddy__sqlx_ok(x, EDDY_STMT_DDL);
}

static eddy_result *put_table(SqlExec *x, const char *q, const char *name, bool temporary, const Parts *parts,
                              const Opts *opts, int npart, const char *const *pkeys, const char *comment, bool replace,
                              bool if_not_exists, const TableEntry **out) {
    return put_table_mt(x, q, name, temporary, parts, opts, npart, pkeys, comment, replace, if_not_exists, out, NULL);
}

/* ---- CREATE TABLE ... LIKE -------------------------------------------------------------------------- */

typedef enum { LK_INCLUDING, LK_EXCLUDING, LK_OVERWRITING } LikeMode;

/* Merges the LIKE source's schema, partitions and options into the new
 * table's (Flink's MergeTableLikeUtil). */
static bool merge_like(SqlExec *x, const struct AstCreateTable *ct, Parts *parts, Opts *opts, int *npart,
                       const char ***pkeys) {
    const char *sq = eddy__sqlx_qualify(x, &ct->like);
    if (!sq) return false;
    const CatalogEntry *src = eddy__catalog_get(&x->tenv->catalog, sq);
    if (!src) {
        fail(x, EDDY_E_VALIDATION, "Source table '%s' of the LIKE clause not found in the catalog, at line %d, column %d",
             quoted(x, sq), ct->like.pos.line, ct->like.pos.col);
        return false;
    }
    if (!src->table) {
        fail(x, EDDY_E_VALIDATION, "Source table '%s' of the LIKE clause can not be a VIEW, at line %d, column %d",
             quoted(x, sq), ct->like.pos.line, ct->like.pos.col);
        return false;
    }
    const TableEntry *te = src->table;
    /* defaults: INCLUDING ALL OVERWRITING OPTIONS */
    LikeMode constraints = LK_INCLUDING, generated = LK_INCLUDING, options = LK_OVERWRITING, partitions = LK_INCLUDING,
             watermarks = LK_INCLUDING, metadata = LK_INCLUDING;
    for (int i = 0; i < ct->nlike_options; i++) {
        const AstLikeOption *o = ct->like_options[i];
        LikeMode m = o->mode == AST_LIKE_INCLUDING ? LK_INCLUDING : o->mode == AST_LIKE_EXCLUDING ? LK_EXCLUDING : LK_OVERWRITING;
        switch (o->feature) {
        case AST_LIKE_ALL:
            if (m == LK_OVERWRITING) {
                fail(x, EDDY_E_VALIDATION, "Illegal merging strategy 'OVERWRITING' for 'ALL' option.");
                return false;
            }
            constraints = partitions = m;
            generated = watermarks = metadata = options = m;
            break;
        case AST_LIKE_CONSTRAINTS:
            if (m == LK_OVERWRITING) {
                fail(x, EDDY_E_VALIDATION, "Illegal merging strategy 'OVERWRITING' for 'CONSTRAINTS' option.");
                return false;
            }
            constraints = m;
            break;
        case AST_LIKE_GENERATED: generated = m; break;
        case AST_LIKE_OPTIONS: options = m; break;
        case AST_LIKE_PARTITIONS:
            if (m == LK_OVERWRITING) {
                fail(x, EDDY_E_VALIDATION, "Illegal merging strategy 'OVERWRITING' for 'PARTITIONS' option.");
                return false;
            }
            partitions = m;
            break;
        case AST_LIKE_WATERMARKS: watermarks = m; break;
        }
    }
    Parts merged = {0};
    const SchemaSpec *ss = te->spec;
    /* the source's columns first */
    for (int i = 0; ss && i < ss->n; i++) {
        const SpecPart *p = &ss->parts[i];
        if (p->kind == SPEC_COMPUTED && generated == LK_EXCLUDING) continue;
        if (p->kind == SPEC_METADATA && metadata == LK_EXCLUDING) continue;
        if (p->kind == SPEC_PK && constraints == LK_EXCLUDING) continue;
        if (p->kind == SPEC_WATERMARK && watermarks == LK_EXCLUDING) continue;
        PUSH(&merged, *p);
    }
    /* then the new table's */
    for (size_t i = 0; i < parts->len; i++) {
        const SpecPart *p = &parts->items[i];
        if (p->kind <= SPEC_METADATA) {
            int k = part_index(&merged, p->name);
            if (k >= 0) {
                const SpecPart *old = &merged.items[k];
                bool overwritable = (p->kind == SPEC_COMPUTED && old->kind == SPEC_COMPUTED && generated == LK_OVERWRITING) ||
                                    (p->kind == SPEC_METADATA && old->kind == SPEC_METADATA && metadata == LK_OVERWRITING);
                if (!overwritable) {
                    ed_vec_free(&merged);
                    fail(x, EDDY_E_VALIDATION, "A column named '%s' already exists in the base table.", p->name);
                    return false;
                }
                merged.items[k] = *p;
                continue;
            }
        } else if (p->kind == SPEC_PK) {
            if (find_kind(&merged, SPEC_PK) >= 0) {
                ed_vec_free(&merged);
                fail(x, EDDY_E_VALIDATION,
                     "The base table already has a primary key. You might want to specify EXCLUDING CONSTRAINTS.");
                return false;
            }
        } else if (p->kind == SPEC_WATERMARK) {
            int k = -1;
            for (size_t j = 0; j < merged.len; j++)
                if (merged.items[j].kind == SPEC_WATERMARK && !strcmp(merged.items[j].name, p->name)) k = (int)j;
            if (k >= 0) {
                if (watermarks != LK_OVERWRITING) {
                    ed_vec_free(&merged);
                    fail(x, EDDY_E_VALIDATION,
                         "There already exists a watermark spec for column '%s' in the base table. You might want to "
                         "specify EXCLUDING WATERMARKS or OVERWRITING WATERMARKS.",
                         p->name);
                    return false;
                }
                merged.items[k] = *p;
                continue;
            }
        }
        PUSH(&merged, *p);
    }
    ed_vec_free(parts);
    *parts = merged;
    /* partitions */
    if (partitions == LK_INCLUDING && te->def.npart) {
        if (*npart) {
            fail(x, EDDY_E_VALIDATION,
                 "The base table already has partitions defined. You might want to specify EXCLUDING PARTITIONS.");
            return false;
        }
        *npart = te->def.npart;
        *pkeys = (const char **)te->def.partition_keys;
    }
    /* options: the source's, then the new table's */
    if (options != LK_EXCLUDING) {
        Opts mine = *opts;
        Opts all = {0};
        for (int i = 0; i < te->def.nopts; i++) PUSH(&all, te->def.opts[i]);
        for (size_t i = 0; i < mine.len; i++) {
            bool dup = false;
            opts_put(x, &all, mine.items[i].key, mine.items[i].value, &dup);
            if (dup && options == LK_INCLUDING) {
                const char *old = eddy__table_option(&te->def, mine.items[i].key);
                fail(x, EDDY_E_VALIDATION,
                     "There already exists an option ['%s' -> '%s']  in the base table. You might want to specify "
                     "EXCLUDING OPTIONS or OVERWRITING OPTIONS.",
                     mine.items[i].key, old ? old : "");
                ed_vec_free(&all);
                return false;
            }
        }
        ed_vec_free(opts);
        *opts = all;
    }
    if (x->oom) {
        NOMEM(x);
        return false;
    }
    return true;
}

/* ---- the expanded query of a view or a materialized table -------------------------------------------- */

static bool expand_table(void *ctx, const AstName *n, const char *path[3], const char *const **cols, int *ncols) {
    SqlExec *x = ctx;
    Catalog *c = &x->tenv->catalog;
    if (n->nparts < 1 || n->nparts > 3) return false;
    const char *q = eddy__catalog_qualify(x->a, c, n->parts, n->nparts);
    const CatalogEntry *e = q ? eddy__catalog_get(c, q) : NULL;
    if (!e || !e->schema) return false;
    path[0] = n->nparts == 3 ? n->parts[0] : c->cur_catalog;
    path[1] = n->nparts >= 2 ? n->parts[n->nparts - 2] : c->cur_database;
    path[2] = n->parts[n->nparts - 1];
    const char **names = eddy__arena_alloc(x->a, sizeof(char *) * (size_t)(e->schema->ncols + 1));
    if (!names) return false;
    for (int i = 0; i < e->schema->ncols; i++) names[i] = e->schema->cols[i].name;
    *cols = names;
    *ncols = e->schema->ncols;
    return true;
}

/* query as Flink keeps it for a view or a materialized table (Calcite's
 * expanded form: `c`.`db`.`t` AS `t`, `t`.`col`), or as written when eddy
 * cannot expand it; NULL when out of memory. */
static const char *expanded_query(SqlExec *x, const AstQuery *query, bool *expanded) {
    SqlExpander xp = {expand_table, x};
    Buf b;
    eddy__buf_init(&b);
    *expanded = eddy__sql_unparse_query_expanded(&b, query, &xp);
    if (!*expanded) eddy__sql_unparse_query(&b, query);
    const char *text = b.failed ? NULL : eddy__arena_strdup(x->a, eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return text;
}

/* ---- CREATE MATERIALIZED TABLE ------------------------------------------------------------------ */

/* The freshness of ct (FRESHNESS as written, else the default of its
 * refresh mode: 1 HOUR for FULL, 3 MINUTE otherwise) and the refresh mode
 * (as written, else CONTINUOUS below 30 minutes of freshness), checked as
 * Flink's MaterializedTableUtils and DefaultMaterializedTableEnricher check
 * them; false with the error. */
static bool mt_freshness(SqlExec *x, const struct AstCreateTable *ct, MaterializedDef *mt) {
    if (!ct->freshness) {
        mt->freshness = ct->refresh_mode == 2 ? "1" : "3";
        mt->freshness_unit = ct->refresh_mode == 2 ? "HOUR" : "MINUTE";
    } else {
        const char *v = ct->freshness;
        bool digits = *v != 0;
        for (const char *c = *v == '-' ? v + 1 : v; *c; c++) digits = digits && isdigit((unsigned char)*c);
        if (!digits || strlen(v) > 9) {
            fail(x, EDDY_E_VALIDATION,
                 "The freshness interval currently only supports positive integer type values. But was: %s", v);
            return false;
        }
        if (atoi(v) <= 0) {
            fail(x, EDDY_E_VALIDATION,
                 "The freshness interval currently only supports positive integer type values. But was: %d", atoi(v));
            return false;
        }
        switch (ct->freshness_unit) {
        case AST_TU_SECOND: mt->freshness_unit = "SECOND"; break;
        case AST_TU_MINUTE: mt->freshness_unit = "MINUTE"; break;
        case AST_TU_HOUR: mt->freshness_unit = "HOUR"; break;
        case AST_TU_DAY: mt->freshness_unit = "DAY"; break;
        case AST_TU_WEEK: fail(x, EDDY_E_UNSUPPORTED, "not supported yet: a FRESHNESS in weeks"); return false;
        default:
            fail(x, EDDY_E_VALIDATION,
                 "Materialized table freshness only supports SECOND, MINUTE, HOUR, DAY, WEEK as the time unit.");
            return false;
        }
        mt->freshness = eddy__arena_printf(x->a, "%d", atoi(v));
        if (!mt->freshness) {
            NOMEM(x);
            return false;
        }
    }
    long n = atol(mt->freshness);
    char u = mt->freshness_unit[0];
    long secs = n * (u == 'S' ? 1 : u == 'M' ? 60 : u == 'H' ? 3600 : 86400);
    bool full = ct->refresh_mode == 2 || (ct->refresh_mode == 0 && secs >= 30 * 60);
    mt->refresh_mode = full ? "FULL" : "CONTINUOUS";
    if (!full) return true;
    /* a full refresh runs on a cron schedule: IntervalFreshness.validateFreshnessForCron */
    long bound = u == 'S' || u == 'M' ? 60 : 24;
    if (u == 'D') {
        if (n > 1) {
            fail(x, EDDY_E_VALIDATION, "In full refresh mode, freshness must be 1 when the time unit is DAY.");
            return false;
        }
    } else if (n >= bound) {
        fail(x, EDDY_E_VALIDATION, "In full refresh mode, freshness must be less than %ld when the time unit is %s.",
             bound, mt->freshness_unit);
        return false;
    } else if (bound % n) {
        fail(x, EDDY_E_VALIDATION,
             "In full refresh mode, only freshness that are factors of %ld are currently supported when the time "
             "unit is %s.",
             bound, mt->freshness_unit);
        return false;
    }
    return true;
}

/* CREATE MATERIALIZED TABLE: the table, with the query's columns, in the
 * catalog. As in Flink's TableEnvironment (CreateMaterializedTableOperation),
 * nothing runs: the refresh job is the SQL gateway's. */
static eddy_result *create_materialized_table(SqlExec *x, const struct AstCreateTable *ct, const char *q, Opts *opts,
                                              int npart, const char **pkeys) {
    EdErr err = {0};
    BindEnv be;
    eddy__api_bind_env(x->tenv, &be);
    be.sql = x->sql;
    Rel *rel;
    if (eddy__bind_query(&be, ct->as_query, &rel, &err)) {
        eddy__api_sql_err(x->env, &err);
        return NULL;
    }
    for (int k = 0; k < npart; k++) {
        bool found = false;
        for (int i = 0; i < rel->ncols && !found; i++) found = !strcmp(rel->names[i], pkeys[k]);
        if (found) continue;
        Buf b;
        eddy__buf_init(&b);
        for (int i = 0; i < rel->ncols; i++) eddy__buf_printf(&b, "%s'%s'", i ? ", " : "", rel->names[i]);
        fail(x, EDDY_E_VALIDATION, "Partition column '%s' not defined in the query's schema. Available columns: [%s].",
             pkeys[k], eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        return NULL;
    }
    MaterializedDef *mt = eddy__arena_alloc(x->a, sizeof *mt);
    if (!mt) return NOMEM(x);
    if (!mt_freshness(x, ct, mt)) return NULL;
    bool expanded;
    mt->query = expanded_query(x, ct->as_query, &expanded);
    if (!mt->query) return NOMEM(x);
    Parts parts = {0};
    for (int i = 0; i < rel->ncols; i++) {
        SpecPart p = {.kind = SPEC_PHYSICAL, .name = rel->names[i],
                      .type = eddy__type_with_timeattr(x->a, rel->types[i], TA_NONE)};
        PUSH(&parts, p);
    }
    eddy_result *res =
        put_table_mt(x, q, last_of(&ct->name), false, &parts, opts, npart, pkeys, ct->comment, false, false, NULL, mt);
    ed_vec_free(&parts);
    return res;
}

/* ---- CREATE TABLE -------------------------------------------------------------------------------- */

static eddy_result *create_table(SqlExec *x, const AstStmt *st) {
    const struct AstCreateTable *ct = &st->u.create_table;
    const char *q = eddy__sqlx_qualify(x, &ct->name);
    if (!q) return NULL;
    EdErr err = {0};
    SchemaSpec spec;
    if (eddy__plan_spec_from_ast(x->a, &ct->schema, &spec, &err)) return take(x, &err);
    Parts parts = {0};
    Opts opts = {0};
    for (int i = 0; i < spec.n; i++) PUSH(&parts, spec.parts[i]);
    for (int i = 0; i < ct->nprops; i++) opts_put(x, &opts, ct->props[i]->key, ct->props[i]->value, NULL);
    int npart = ct->npartitioned_by;
    const char **pkeys = eddy__arena_alloc(x->a, sizeof(char *) * (size_t)(npart + 1));
    if (!pkeys) return NOMEM(x);
    for (int i = 0; i < npart; i++) pkeys[i] = ct->partitioned_by[i]->name;
    eddy_result *res = NULL;
    if (ct->has_like && !merge_like(x, ct, &parts, &opts, &npart, &pkeys)) goto out;
    if (ct->materialized) {
        res = create_materialized_table(x, ct, q, &opts, npart, pkeys);
        goto out;
    }
    if (!ct->as_query) {
        res = put_table(x, q, last_of(&ct->name), ct->temporary, &parts, &opts, npart, pkeys, ct->comment,
                        ct->or_replace, ct->if_not_exists, NULL);
        goto out;
    }
    /* CREATE TABLE ... AS SELECT: the query's columns, then an INSERT */
    {
        eddy_tenv *tenv = x->tenv;
        if (ct->has_schema) {
            res = fail(x, EDDY_E_UNSUPPORTED, "not supported yet: a column list in CREATE TABLE ... AS SELECT");
            goto out;
        }
        const CatalogEntry *old = eddy__catalog_get(&tenv->catalog, q);
        if (ct->replace && !ct->or_replace && !old) {
            res = fail(x, EDDY_E_TABLE,
                       "The table %s to be replaced doesn't exist. You can try to use CREATE TABLE AS statement or "
                       "CREATE OR REPLACE TABLE AS statement.",
                       quoted(x, q));
            goto out;
        }
        if (old && !ct->replace && !ct->or_replace) {
            if (ct->if_not_exists) {
                res = eddy__sqlx_ok(x, EDDY_STMT_DDL);
                goto out;
            }
            res = fail(x, EDDY_E_VALIDATION, "Table %s already exists.", quoted(x, q));
            goto out;
        }
        BindEnv be;
        eddy__api_bind_env(tenv, &be);
        be.sql = x->sql;
        Rel *rel;
        if (eddy__bind_query(&be, ct->as_query, &rel, &err)) {
            eddy__api_sql_err(x->env, &err);
            goto out;
        }
        for (int i = 0; i < rel->ncols; i++) {
            SpecPart p = {.kind = SPEC_PHYSICAL, .name = rel->names[i],
                          .type = eddy__type_with_timeattr(x->a, rel->types[i], TA_NONE)};
            PUSH(&parts, p);
        }
        const TableEntry *te;
        /* registered first (as Flink's in-memory catalog does), dropped again
         * when the INSERT cannot be planned */
        if (!put_table(x, q, last_of(&ct->name), ct->temporary, &parts, &opts, npart, pkeys, ct->comment, true, false,
                       &te))
            goto out;
        PlanEnv pe;
        eddy__api_plan_env(tenv, &pe);
        InsertSpec ins = {0};
        StreamNode *sink;
        if (eddy__plan_insert(&pe, rel, te, &ins, &sink, NULL, &err)) {
            eddy__api_take(x->env, &err);
            EdErr ignore = {0};
            eddy__catalog_drop(&tenv->catalog, q, false, ct->temporary, true, &ignore);
            eddy__err_clear(&ignore);
            goto out;
        }
        res = eddy__api_insert_result(tenv, &sink, &q, 1);
        if (res && tenv->dml_sync && eddy_result_await(res) != EDDY_OK) {
            eddy_result_free(res);
            res = NULL;
        }
    }
out:
    ed_vec_free(&parts);
    ed_vec_free(&opts);
    return res;
}

/* ---- ALTER TABLE ------------------------------------------------------------------------------------ */

/* The permanent connector table at q, or NULL with Flink's error. */
static const CatalogEntry *alterable(SqlExec *x, const char *q) {
    const CatalogEntry *e = eddy__catalog_get(&x->tenv->catalog, q);
    if (!e || e->temporary || !e->table) {
        fail(x, EDDY_E_VALIDATION, "Table %s doesn't exist or is a temporary table.", quoted(x, q));
        return NULL;
    }
    return e;
}

static bool spec_mentions(const SpecPart *p, const char *col) {
    if (p->kind == SPEC_PK) {
        for (int i = 0; i < p->ncols; i++)
            if (!strcmp(p->cols[i], col)) return true;
        return false;
    }
    return p->kind == SPEC_WATERMARK && !strcmp(p->name, col);
}

static eddy_result *alter_schema(SqlExec *x, const struct AstAlterTable *at, const char *q, const CatalogEntry *e) {
    const TableEntry *te = e->table;
    Parts parts = {0};
    EdErr err = {0};
    eddy_result *res = NULL;
    for (int i = 0; te->spec && i < te->spec->n; i++) PUSH(&parts, te->spec->parts[i]);
    switch (at->action) {
    case AST_ALTER_TABLE_ADD:
    case AST_ALTER_TABLE_MODIFY: {
        bool add = at->action == AST_ALTER_TABLE_ADD;
        SchemaSpec more;
        if (eddy__plan_spec_from_ast(x->a, &at->schema, &more, &err)) {
            res = take(x, &err);
            goto out;
        }
        for (int i = 0; i < more.n; i++) {
            const SpecPart *p = &more.parts[i];
            if (p->kind <= SPEC_METADATA) {
                const AstColumn *c = NULL;
                for (int k = 0; k < at->schema.ncolumns; k++)
                    if (!strcmp(at->schema.columns[k]->name.name, p->name)) c = at->schema.columns[k];
                int k = part_index(&parts, p->name);
                if (add && k >= 0) {
                    res = fail(x, EDDY_E_VALIDATION, "Try to add a column `%s` which already exists in the table.", p->name);
                    goto out;
                }
                if (!add && k < 0) {
                    res = fail(x, EDDY_E_VALIDATION, "Try to modify a column `%s` which does not exist in the table.",
                               p->name);
                    goto out;
                }
                if (k >= 0) {
                    /* MODIFY in place unless a position is given */
                    for (size_t j = (size_t)k; j + 1 < parts.len; j++) parts.items[j] = parts.items[j + 1];
                    parts.len--;
                }
                size_t at_pos = parts.len;
                if (c && c->position == 1) at_pos = 0;
                else if (c && c->position == 2) {
                    int after = part_index(&parts, c->after.name);
                    if (after < 0) {
                        res = fail(x, EDDY_E_VALIDATION, "Referenced column `%s` by 'AFTER' does not exist in the table.",
                                   c->after.name);
                        goto out;
                    }
                    at_pos = (size_t)after + 1;
                } else if (k >= 0) {
                    at_pos = (size_t)k;
                } else {
                    /* new columns go after the last column, before the key and watermark */
                    at_pos = 0;
                    for (size_t j = 0; j < parts.len; j++)
                        if (parts.items[j].kind <= SPEC_METADATA) at_pos = j + 1;
                }
                PUSH(&parts, *p);
                if (x->oom) {
                    res = NOMEM(x);
                    goto out;
                }
                for (size_t j = parts.len - 1; j > at_pos; j--) parts.items[j] = parts.items[j - 1];
                parts.items[at_pos] = *p;
            } else {
                /* the primary key or the watermark: a table has at most one of each */
                bool pk = p->kind == SPEC_PK;
                int k = find_kind(&parts, p->kind);
                if (add && k >= 0) {
                    if (pk)
                        res = fail(x, EDDY_E_VALIDATION,
                                   "The base table has already defined the primary key constraint [%s]. You might want "
                                   "to drop it before adding a new one.",
                                   te->def.schema->pk_name ? te->def.schema->pk_name : "");
                    else
                        res = fail(x, EDDY_E_VALIDATION,
                                   "The base table has already defined the watermark strategy `%s` AS %s. You might "
                                   "want to drop it before adding a new one.",
                                   parts.items[k].name, parts.items[k].expr);
                    goto out;
                }
                if (!add && k < 0) {
                    res = fail(x, EDDY_E_VALIDATION,
                               "The base table does not define any %s. You might want to add a new one.",
                               pk ? "primary key constraint" : "watermark");
                    goto out;
                }
                if (k >= 0) parts.items[k] = *p;
                else PUSH(&parts, *p);
            }
        }
        break;
    }
    case AST_ALTER_TABLE_DROP_COLUMNS:
        for (int i = 0; i < at->ncolumns; i++) {
            const char *col = last_of(at->columns[i]);
            int k = part_index(&parts, col);
            if (k < 0) {
                res = fail(x, EDDY_E_VALIDATION, "The column `%s` does not exist in the base table.", col);
                goto out;
            }
            for (size_t j = 0; j < parts.len; j++)
                if (spec_mentions(&parts.items[j], col)) {
                    res = fail(x, EDDY_E_VALIDATION, "The column `%s` is used as the %s.", col,
                               parts.items[j].kind == SPEC_PK ? "primary key" : "watermark column");
                    goto out;
                }
            for (size_t j = (size_t)k; j + 1 < parts.len; j++) parts.items[j] = parts.items[j + 1];
            parts.len--;
        }
        break;
    case AST_ALTER_TABLE_DROP_PRIMARY_KEY:
    case AST_ALTER_TABLE_DROP_CONSTRAINT: {
        int k = find_kind(&parts, SPEC_PK);
        if (k < 0) {
            res = fail(x, EDDY_E_VALIDATION, "The base table does not define any primary key.");
            goto out;
        }
        if (at->action == AST_ALTER_TABLE_DROP_CONSTRAINT && te->def.schema->pk_name &&
            strcmp(te->def.schema->pk_name, at->constraint.name)) {
            res = fail(x, EDDY_E_VALIDATION, "The base table does not define a primary key constraint named '%s'. "
                                             "Available constraint name: ['%s'].",
                       at->constraint.name, te->def.schema->pk_name);
            goto out;
        }
        for (size_t j = (size_t)k; j + 1 < parts.len; j++) parts.items[j] = parts.items[j + 1];
        parts.len--;
        break;
    }
    case AST_ALTER_TABLE_DROP_WATERMARK: {
        int k = find_kind(&parts, SPEC_WATERMARK);
        if (k < 0) {
            res = fail(x, EDDY_E_VALIDATION, "The base table does not define any watermark strategy.");
            goto out;
        }
        for (size_t j = (size_t)k; j + 1 < parts.len; j++) parts.items[j] = parts.items[j + 1];
        parts.len--;
        break;
    }
    case AST_ALTER_TABLE_RENAME_COLUMN: {
        const char *from = last_of(&at->old_column), *to = at->new_column.name;
        int k = part_index(&parts, from);
        if (k < 0) {
            res = fail(x, EDDY_E_VALIDATION, "The column `%s` does not exist in the base table.", from);
            goto out;
        }
        if (part_index(&parts, to) >= 0) {
            res = fail(x, EDDY_E_VALIDATION, "The column `%s` already existed in table schema.", to);
            goto out;
        }
        parts.items[k].name = to;
        for (size_t j = 0; j < parts.len; j++) {
            SpecPart *p = &parts.items[j];
            if (p->kind == SPEC_WATERMARK && !strcmp(p->name, from)) p->name = to;
            if (p->kind == SPEC_PK && spec_mentions(p, from)) {
                const char **cols = eddy__arena_alloc(x->a, sizeof(char *) * (size_t)p->ncols);
                if (!cols) {
                    res = NOMEM(x);
                    goto out;
                }
                for (int c = 0; c < p->ncols; c++) cols[c] = strcmp(p->cols[c], from) ? p->cols[c] : to;
                p->cols = cols;
            }
        }
        break;
    }
    default: break;
    }
    {
        Opts opts = {0};
        for (int i = 0; i < te->def.nopts; i++) PUSH(&opts, te->def.opts[i]);
        res = put_table(x, q, e->name, false, &parts, &opts, te->def.npart, te->def.partition_keys, te->def.comment,
                        true, false, NULL);
        ed_vec_free(&opts);
    }
out:
    ed_vec_free(&parts);
    return res;
}

static eddy_result *alter_table(SqlExec *x, const AstStmt *st) {
    const struct AstAlterTable *at = &st->u.alter_table;
    const char *q = eddy__sqlx_qualify(x, &at->name);
    if (!q) return NULL;
    if (at->if_exists && !eddy__catalog_get(&x->tenv->catalog, q)) return eddy__sqlx_ok(x, EDDY_STMT_DDL);
    const CatalogEntry *e = alterable(x, q);
    if (!e) return NULL;
    const TableEntry *te = e->table;
    EdErr err = {0};
    switch (at->action) {
    case AST_ALTER_TABLE_RENAME: {
        const char *to = eddy__sqlx_qualify(x, &at->new_name);
        if (!to) return NULL;
        CatalogEntry moved = *e;
        TableEntry *copy = eddy__arena_alloc(x->a, sizeof *copy);
        if (!copy) return NOMEM(x);
        *copy = *te;
        copy->def.path = to;
        moved.table = copy;
        moved.path = to;
        moved.name = last_of(&at->new_name);
        if (eddy__catalog_add(&x->tenv->catalog, x->a, &moved, false, false, NULL, &err)) return take(x, &err);
        eddy__catalog_drop(&x->tenv->catalog, q, false, false, false, &err);
        eddy__err_clear(&err);
        return eddy__sqlx_ok(x, EDDY_STMT_DDL);
    }
    case AST_ALTER_TABLE_SET:
    case AST_ALTER_TABLE_RESET: {
        Opts opts = {0};
        for (int i = 0; i < te->def.nopts; i++) PUSH(&opts, te->def.opts[i]);
        if (at->action == AST_ALTER_TABLE_SET) {
            for (int i = 0; i < at->nprops; i++) opts_put(x, &opts, at->props[i]->key, at->props[i]->value, NULL);
        } else {
            if (at->nkeys == 0) {
                ed_vec_free(&opts);
                return fail(x, EDDY_E_VALIDATION, "ALTER TABLE RESET does not support empty key");
            }
            for (int i = 0; i < at->nkeys; i++) {
                if (!strcmp(at->keys[i], "connector")) {
                    ed_vec_free(&opts);
                    return fail(x, EDDY_E_VALIDATION, "ALTER TABLE RESET does not support changing 'connector'");
                }
                for (size_t k = 0; k < opts.len; k++)
                    if (!strcmp(opts.items[k].key, at->keys[i])) {
                        opts.items[k] = opts.items[--opts.len];
                        break;
                    }
            }
        }
        Parts parts = {0};
        for (int i = 0; te->spec && i < te->spec->n; i++) PUSH(&parts, te->spec->parts[i]);
        eddy_result *r = put_table(x, q, e->name, false, &parts, &opts, te->def.npart, te->def.partition_keys,
                                   te->def.comment, true, false, NULL);
        ed_vec_free(&parts);
        ed_vec_free(&opts);
        return r;
    }
    default: return alter_schema(x, at, q, e);
    }
}

/* ---- views -------------------------------------------------------------------------------------------- */

static eddy_result *create_view(SqlExec *x, const AstStmt *st) {
    const AstName *name = &st->u.create_view.name;
    const char *q = eddy__sqlx_qualify(x, name);
    if (!q) return NULL;
    BindEnv be;
    eddy__api_bind_env(x->tenv, &be);
    be.sql = x->sql;
    EdErr err = {0};
    Rel *rel;
    const AstQuery *query = st->u.create_view.query;
    if (eddy__bind_query(&be, query, &rel, &err)) return eddy__api_sql_err(x->env, &err), NULL;
    int nc = st->u.create_view.ncolumns;
    const char **names = (const char **)rel->names;
    if (nc) {
        if (nc != rel->ncols) {
            Buf b;
            eddy__buf_init(&b);
            eddy__buf_puts(&b, "VIEW definition and input fields not match:\n\tDef fields: [");
            for (int i = 0; i < nc; i++) eddy__buf_printf(&b, "%s%s", i ? ", " : "", st->u.create_view.columns[i]->name);
            eddy__buf_puts(&b, "].\n\tInput fields: [");
            for (int i = 0; i < rel->ncols; i++) eddy__buf_printf(&b, "%s%s", i ? ", " : "", rel->names[i]);
            eddy__buf_puts(&b, "].");
            fail(x, EDDY_E_VALIDATION, "%s", eddy__buf_cstr(&b));
            eddy__buf_free(&b);
            return NULL;
        }
        names = eddy__arena_alloc(x->a, sizeof(char *) * (size_t)nc);
        if (!names) return NOMEM(x);
        for (int i = 0; i < nc; i++) names[i] = st->u.create_view.columns[i]->name;
    }
    bool expanded;
    const char *text = expanded_query(x, query, &expanded);
    if (!text) return NOMEM(x);
    CatalogEntry e = {.path = q,
                      .name = last_of(name),
                      .is_view = true,
                      .view_expanded = expanded ? text : NULL,
                      .temporary = st->u.create_view.temporary,
                      .schema = eddy__schema_of_columns(x->a, rel->ncols, names, rel->types),
                      .view_text = x->sql,
                      .view_query = query,
                      .view_cols = st->u.create_view.columns,
                      .nview_cols = nc,
                      .comment = st->u.create_view.comment};
    if (!e.schema) return NOMEM(x);
    if (eddy__catalog_add(&x->tenv->catalog, x->a, &e, st->u.create_view.or_replace, st->u.create_view.if_not_exists,
                          NULL, &err))
        return take(x, &err);
    return eddy__sqlx_ok(x, EDDY_STMT_DDL);
}

static eddy_result *alter_view(SqlExec *x, const AstStmt *st) {
    const char *q = eddy__sqlx_qualify(x, &st->u.alter_view.name);
    if (!q) return NULL;
    const CatalogEntry *e = eddy__catalog_get(&x->tenv->catalog, q);
    if (!e || !e->is_view || e->temporary)
        return fail(x, EDDY_E_VALIDATION, "View %s doesn't exist or is a temporary view.", quoted(x, q));
    EdErr err = {0};
    if (st->u.alter_view.new_name.nparts) {
        const char *to = eddy__sqlx_qualify(x, &st->u.alter_view.new_name);
        if (!to) return NULL;
        CatalogEntry moved = *e;
        moved.path = to;
        moved.name = last_of(&st->u.alter_view.new_name);
        if (eddy__catalog_add(&x->tenv->catalog, x->a, &moved, false, false, NULL, &err)) return take(x, &err);
        eddy__catalog_drop(&x->tenv->catalog, q, true, false, false, &err);
        eddy__err_clear(&err);
        return eddy__sqlx_ok(x, EDDY_STMT_DDL);
    }
    BindEnv be;
    eddy__api_bind_env(x->tenv, &be);
    be.sql = x->sql;
    Rel *rel;
    if (eddy__bind_query(&be, st->u.alter_view.query, &rel, &err)) return eddy__api_sql_err(x->env, &err), NULL;
    CatalogEntry ne = *e;
    ne.schema = eddy__schema_of_columns(x->a, rel->ncols, rel->names, rel->types);
    ne.view_text = x->sql;
    ne.view_query = st->u.alter_view.query;
    ne.view_cols = NULL;
    ne.nview_cols = 0;
    if (!ne.schema) return NOMEM(x);
    if (eddy__catalog_add(&x->tenv->catalog, x->a, &ne, true, false, NULL, &err)) return take(x, &err);
    return eddy__sqlx_ok(x, EDDY_STMT_DDL);
}

static eddy_result *drop_object(SqlExec *x, const AstStmt *st, bool view) {
    const char *q = eddy__sqlx_qualify(x, &st->u.drop.name);
    if (!q) return NULL;
    EdErr err = {0};
    if (!view && !st->u.drop.temporary) {
        /* DROP MATERIALIZED TABLE drops only materialized tables, DROP TABLE only the others
         * (CatalogManager.dropTableInternal) */
        const CatalogEntry *e = eddy__catalog_get(&x->tenv->catalog, q);
        bool mt = st->u.drop.materialized;
        if (e && !e->temporary && !e->is_view && (e->mt != NULL) != mt) {
            if (st->u.drop.if_exists) return eddy__sqlx_ok(x, EDDY_STMT_DDL);
            return fail(x, EDDY_E_VALIDATION, "%s with identifier '%s' does not exist.", mt ? "Materialized Table" : "Table",
                        q);
        }
        if (mt && (!e || e->temporary || e->is_view)) {
            if (st->u.drop.if_exists) return eddy__sqlx_ok(x, EDDY_STMT_DDL);
            return fail(x, EDDY_E_VALIDATION, "Materialized Table with identifier '%s' does not exist.", q);
        }
    }
    if (eddy__catalog_drop(&x->tenv->catalog, q, view, st->u.drop.temporary, st->u.drop.if_exists, &err))
        return take(x, &err);
    return eddy__sqlx_ok(x, EDDY_STMT_DDL);
}

/* ---- catalogs and databases ------------------------------------------------------------------------ */

/* [catalog.]database of a name. */
static bool db_of(SqlExec *x, const AstName *n, const char **cat, const char **db) {
    if (n->nparts == 1) {
        *cat = x->tenv->catalog.cur_catalog;
        *db = n->parts[0];
        return true;
    }
    if (n->nparts == 2) {
        *cat = n->parts[0];
        *db = n->parts[1];
        return true;
    }
    fail(x, EDDY_E_VALIDATION, "Database name must be of the form [catalog.]database; got %d parts.", n->nparts);
    return false;
}

/* The CatalogInfo of a catalog ("c") or a database ("c.db"), or NULL. */
static CatalogInfo *info_of(Catalog *c, const char *name) {
    for (size_t i = 0; i < c->infos.len; i++)
        if (!strcmp(c->infos.items[i].name, name)) return &c->infos.items[i];
    return NULL;
}

/* The CatalogInfo of name, made empty when missing; NULL when out of memory. */
static CatalogInfo *info_get(SqlExec *x, const char *name) {
    Catalog *c = &x->tenv->catalog;
    CatalogInfo *ci = info_of(c, name);
    if (ci) return ci;
    CatalogInfo e = {.name = eddy__arena_strdup(x->a, name)};
    if (!e.name || !ed_vec_push(&c->infos, e)) return NULL;
    return &c->infos.items[c->infos.len - 1];
}

/* Drops the infos of name and, with prefix, of "name.*" (a catalog's databases). */
static void info_drop(Catalog *c, const char *name, bool prefix) {
    size_t nl = strlen(name);
    for (size_t i = 0; i < c->infos.len;) {
        const char *n = c->infos.items[i].name;
        if (!strcmp(n, name) || (prefix && !strncmp(n, name, nl) && n[nl] == '.')) {
            ed_vec_free(&c->infos.items[i].opts);
            c->infos.items[i] = c->infos.items[--c->infos.len];
        } else {
            i++;
        }
    }
}

/* Sets (value non-NULL) or removes an option of ci. */
static bool info_put(SqlExec *x, CatalogInfo *ci, const char *key, const char *value) {
    for (size_t i = 0; i < ci->opts.len; i++)
        if (!strcmp(ci->opts.items[i].key, key)) {
            if (value) {
                ci->opts.items[i].value = eddy__arena_strdup(x->a, value);
                return ci->opts.items[i].value != NULL;
            }
            ci->opts.items[i] = ci->opts.items[--ci->opts.len];
            return true;
        }
    if (!value) return true;
    TableOption o = {eddy__arena_strdup(x->a, key), eddy__arena_strdup(x->a, value)};
    return o.key && o.value && ed_vec_push(&ci->opts, o);
}

/* Records what CREATE CATALOG / DATABASE said (comment, WITH options). */
static bool info_record(SqlExec *x, const char *name, const AstStmt *st) {
    CatalogInfo *ci = info_get(x, name);
    if (!ci) return false;
    if (st->u.object.comment && !(ci->comment = eddy__arena_strdup(x->a, st->u.object.comment))) return false;
    for (int i = 0; i < st->u.object.nprops; i++)
        if (!info_put(x, ci, st->u.object.props[i]->key, st->u.object.props[i]->value)) return false;
    return true;
}

/* Whether generic_in_memory takes the option; the error on the env if not. */
static bool catalog_option_ok(SqlExec *x, const char *key) {
    if (!strcmp(key, "type") || !strcmp(key, "default-database") || !strcmp(key, "property-version")) return true;
    fail(x, EDDY_E_VALIDATION,
         "Unsupported options found for 'generic_in_memory'.\n\nUnsupported options:\n\n%s\n\n"
         "Supported options:\n\ndefault-database\nproperty-version\ntype",
         key);
    return false;
}

/* ALTER CATALOG name SET (..) / RESET (..) / COMMENT '..'. */
static eddy_result *alter_catalog(SqlExec *x, const AstStmt *st) {
    Catalog *c = &x->tenv->catalog;
    const char *name = last_of(&st->u.object.name);
    if (!eddy__catalog_has_catalog(c, name)) return fail(x, EDDY_E_VALIDATION, "Catalog %s does not exist.", name);
    if (st->u.object.reset) {
        if (!st->u.object.nkeys) return fail(x, EDDY_E_VALIDATION, "ALTER CATALOG RESET does not support empty key");
        for (int i = 0; i < st->u.object.nkeys; i++)
            if (!strcmp(st->u.object.keys[i], "type"))
                return fail(x, EDDY_E_VALIDATION, "ALTER CATALOG RESET does not support changing 'type'");
    } else if (!st->u.object.comment) {
        for (int i = 0; i < st->u.object.nprops; i++)
            if (!strcmp(st->u.object.props[i]->key, "type"))
                return fail(x, EDDY_E_VALIDATION, "ALTER CATALOG SET does not support changing 'type'");
            else if (!catalog_option_ok(x, st->u.object.props[i]->key))
                return NULL;
    }
    CatalogInfo *ci = info_get(x, name);
    if (!ci) return NOMEM(x);
    if (st->u.object.reset) {
        for (int i = 0; i < st->u.object.nkeys; i++) info_put(x, ci, st->u.object.keys[i], NULL);
    } else if (st->u.object.comment && !st->u.object.nprops) {
        if (!(ci->comment = eddy__arena_strdup(x->a, st->u.object.comment))) return NOMEM(x);
    } else {
        for (int i = 0; i < st->u.object.nprops; i++)
            if (!info_put(x, ci, st->u.object.props[i]->key, st->u.object.props[i]->value)) return NOMEM(x);
    }
    return eddy__sqlx_ok(x, EDDY_STMT_DDL);
}

static int cmp_opt(const void *a, const void *b) {
    return strcmp(((const TableOption *)a)->key, ((const TableOption *)b)->key);
}

/* A sorted copy of n options (eddy__free it), or NULL when out of memory. */
static TableOption *sorted_opts(const TableOption *opts, size_t n) {
    TableOption *o = eddy__calloc(n + 1, sizeof *o);
    if (!o) return NULL;
    if (n) memcpy(o, opts, sizeof *o * n);
    qsort(o, n, sizeof *o, cmp_opt);
    return o;
}

/* The catalog's info for DESCRIBE / SHOW CREATE CATALOG; NULL with the error set. */
static const CatalogInfo *catalog_info(SqlExec *x, const AstName *n) {
    Catalog *c = &x->tenv->catalog;
    const char *name = last_of(n);
    if (n->nparts != 1 || !eddy__catalog_has_catalog(c, name)) {
        fail(x, EDDY_E_VALIDATION, "Catalog %s does not exist.", dotted(x, n));
        return NULL;
    }
    const CatalogInfo *ci = info_of(c, name);
    if (!ci) fail(x, EDDY_E_VALIDATION, "Cannot obtain metadata information from Catalog %s.", name);
    return ci;
}

/* DESCRIBE CATALOG [EXTENDED]: info name | info value. */
static eddy_result *describe_catalog(SqlExec *x, const AstStmt *st) {
    const CatalogInfo *ci = catalog_info(x, &st->u.describe.name);
    if (!ci) return NULL;
    const char *type = "";
    for (size_t i = 0; i < ci->opts.len; i++)
        if (!strcmp(ci->opts.items[i].key, "type")) type = ci->opts.items[i].value;
    TableOption *o = sorted_opts(ci->opts.items, ci->opts.len);
    const char **cells = eddy__arena_alloc(x->a, sizeof(char *) * 2 * (ci->opts.len + 3));
    if (!o || !cells) {
        eddy__free(o);
        return NOMEM(x);
    }
    int n = 0;
    cells[n++] = "name", cells[n++] = ci->name;
    cells[n++] = "type", cells[n++] = type;
    cells[n++] = "comment", cells[n++] = ci->comment ? ci->comment : "";
    for (size_t i = 0; st->u.describe.extended && i < ci->opts.len; i++) {
        if (!strcmp(o[i].key, "type")) continue;
        cells[n++] = eddy__arena_printf(x->a, "option:%s", o[i].key);
        cells[n++] = eddy__api_option_shown(o[i].key, o[i].value);
        if (!cells[n - 2]) {
            eddy__free(o);
            return NOMEM(x);
        }
    }
    eddy__free(o);
    return eddy__sqlx_info_table(x, cells, n / 2);
}

eddy_result *eddy__sqlx_info_table(SqlExec *x, const char *const *cells, int nrows) {
    const char *cols[] = {"info name", "info value"};
    return string_table(x, EDDY_STMT_DESCRIBE, 2, cols, cells, nrows);
}

/* WITH (..) of SHOW CREATE: sorted, one per line, secrets hidden. */
static bool with_block(Buf *b, const TableOption *opts, size_t n) {
    if (!n) return true;
    TableOption *o = sorted_opts(opts, n);
    if (!o) return false;
    eddy__buf_puts(b, "WITH (\n");
    for (size_t k = 0; k < n; k++) {
        const char *v = eddy__api_option_shown(o[k].key, o[k].value);
        eddy__buf_puts(b, k ? ",\n  " : "  ");
        sql_string(b, o[k].key, strlen(o[k].key));
        eddy__buf_puts(b, " = ");
        sql_string(b, v, strlen(v));
    }
    eddy__buf_puts(b, "\n)\n");
    eddy__free(o);
    return true;
}

/* The one-cell "result" table of SHOW CREATE (takes b). */
static eddy_result *show_create_result(SqlExec *x, Buf *b) {
    const char *text = b->failed ? NULL : eddy__arena_strdup(x->a, eddy__buf_cstr(b));
    eddy__buf_free(b);
    if (!text) return NOMEM(x);
    const char *cols[] = {"result"};
    return string_table(x, EDDY_STMT_SHOW, 1, cols, &text, 1);
}

static eddy_result *show_create_catalog(SqlExec *x, const struct AstShow *sh) {
    const CatalogInfo *ci = catalog_info(x, &sh->name);
    if (!ci) return NULL;
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_puts(&b, "CREATE CATALOG ");
    eddy__print_ident(&b, ci->name);
    eddy__buf_putc(&b, '\n');
    if (ci->comment && *ci->comment) {
        eddy__buf_puts(&b, "COMMENT ");
        sql_string(&b, ci->comment, strlen(ci->comment));
        eddy__buf_putc(&b, '\n');
    }
    if (!with_block(&b, ci->opts.items, ci->opts.len)) {
        eddy__buf_free(&b);
        return NOMEM(x);
    }
    return show_create_result(x, &b);
}

/* ---- modules: eddy has the core module (its built-in functions) and no other --------------------------
 * The core module can be unloaded and loaded again, as in Flink. Unloaded,
 * SHOW [FULL] MODULES is empty and SHOW FUNCTIONS lists only the user's
 * functions; calls of built-in functions still resolve, as Flink's planner
 * keeps its own SQL operator table (most built-ins) beside the modules. */

static eddy_result *module_stmt(SqlExec *x, const AstStmt *st) {
    bool core = !x->tenv->core_unloaded;
    if (st->kind == AST_STMT_USE_MODULES) {
        for (int i = 0; i < st->u.modules.nmodules; i++) {
            const char *m = st->u.modules.modules[i]->name;
            for (int k = 0; k < i; k++)
                if (!strcmp(st->u.modules.modules[k]->name, m))
                    return fail(x, EDDY_E_VALIDATION, "Module '%s' appears more than once", m);
            if (strcmp(m, "core") || !core) return fail(x, EDDY_E_VALIDATION, "No module with name '%s' exists", m);
        }
        if (!st->u.modules.nmodules)
            return fail(x, EDDY_E_UNSUPPORTED, "not supported yet: disabling the core module (eddy's built-in functions)");
        return eddy__sqlx_ok(x, EDDY_STMT_DDL);
    }
    const char *m = last_of(&st->u.object.name);
    if (st->kind == AST_STMT_UNLOAD_MODULE) {
        if (strcmp(m, "core") || !core) return fail(x, EDDY_E_VALIDATION, "No module with name '%s' exists", m);
        x->tenv->core_unloaded = true;
        return eddy__sqlx_ok(x, EDDY_STMT_DDL);
    }
    for (int i = 0; i < st->u.object.nprops; i++)
        if (!strcmp(st->u.object.props[i]->key, "type"))
            return fail(x, EDDY_E_VALIDATION,
                        "Property 'type' = '%s' is not supported since module name is used to find module",
                        st->u.object.props[i]->value);
    if (!strcmp(m, "core")) {
        if (core) return fail(x, EDDY_E_VALIDATION, "A module with name 'core' already exists");
        x->tenv->core_unloaded = false;
        return eddy__sqlx_ok(x, EDDY_STMT_DDL);
    }
    return fail(x, EDDY_E_VALIDATION,
                "Could not find any factory for identifier '%s' that implements "
                "'org.apache.flink.table.factories.ModuleFactory' in the classpath.\n\nAvailable factory identifiers "
                "are:\n\ncore",
                m);
}

static eddy_result *catalog_stmt(SqlExec *x, const AstStmt *st) {
    Catalog *c = &x->tenv->catalog;
    EdErr err = {0};
    eddy_status rc = EDDY_OK;
    eddy_statement_kind kind = EDDY_STMT_DDL;
    const char *cat, *db;
    switch (st->kind) {
    case AST_STMT_CREATE_CATALOG: {
        const char *type = NULL;
        for (int i = 0; i < st->u.object.nprops; i++)
            if (!strcmp(st->u.object.props[i]->key, "type")) type = st->u.object.props[i]->value;
        if (!type)
            return fail(x, EDDY_E_VALIDATION,
                        "Catalog options do not contain an option key 'type' for discovering a catalog.");
        if (strcmp(type, "generic_in_memory"))
            return fail(x, EDDY_E_VALIDATION,
                        "Could not find any factory for identifier '%s' that implements "
                        "'org.apache.flink.table.factories.CatalogFactory' in the classpath.\n\nAvailable factory "
                        "identifiers are:\n\ngeneric_in_memory",
                        type);
        for (int i = 0; i < st->u.object.nprops; i++)
            if (!catalog_option_ok(x, st->u.object.props[i]->key)) return NULL;
        const char *name = last_of(&st->u.object.name);
        bool existed = eddy__catalog_has_catalog(c, name);
        rc = eddy__catalog_create_catalog(c, x->a, name, st->u.object.if_not_exists, &err);
        if (!rc && !existed && !info_record(x, name, st)) return NOMEM(x);
        break;
    }
    case AST_STMT_DROP_CATALOG:
        rc = eddy__catalog_drop_catalog(c, last_of(&st->u.drop.name), st->u.drop.if_exists, &err);
        if (!rc) info_drop(c, last_of(&st->u.drop.name), true);
        break;
    case AST_STMT_USE_CATALOG:
        kind = EDDY_STMT_USE;
        rc = eddy__catalog_use_catalog(c, last_of(&st->u.object.name), &err);
        break;
    case AST_STMT_CREATE_DATABASE: {
        if (!db_of(x, &st->u.object.name, &cat, &db)) return NULL;
        bool existed = eddy__catalog_has_database(c, cat, db);
        rc = eddy__catalog_create_database(c, x->a, cat, db, st->u.object.if_not_exists, &err);
        if (!rc && !existed && !info_record(x, eddy__arena_printf(x->a, "%s.%s", cat, db), st)) return NOMEM(x);
        break;
    }
    case AST_STMT_DROP_DATABASE:
        if (!db_of(x, &st->u.drop.name, &cat, &db)) return NULL;
        rc = eddy__catalog_drop_database(c, cat, db, st->u.drop.if_exists, st->u.drop.drop_behavior == 2, &err);
        if (!rc) info_drop(c, eddy__arena_printf(x->a, "%s.%s", cat, db), false);
        break;
    case AST_STMT_ALTER_DATABASE: {
        /* the properties are kept with the database (Flink has no statement showing them yet) */
        if (!db_of(x, &st->u.object.name, &cat, &db)) return NULL;
        if (!eddy__catalog_has_database(c, cat, db))
            return fail(x, EDDY_E_VALIDATION, "Database %s does not exist in Catalog %s.", db, cat);
        CatalogInfo *ci = info_get(x, eddy__arena_printf(x->a, "%s.%s", cat, db));
        if (!ci) return NOMEM(x);
        for (int i = 0; i < st->u.object.nprops; i++)
            if (!info_put(x, ci, st->u.object.props[i]->key, st->u.object.props[i]->value)) return NOMEM(x);
        break;
    }
    case AST_STMT_ALTER_CATALOG: return alter_catalog(x, st);
    case AST_STMT_USE_DATABASE:
        kind = EDDY_STMT_USE;
        if (!db_of(x, &st->u.object.name, &cat, &db)) return NULL;
        rc = eddy__catalog_use_database(c, cat, db, &err);
        break;
    default: break;
    }
    if (rc) return take(x, &err);
    return eddy__sqlx_ok(x, kind);
}

/* ---- SHOW / DESCRIBE ------------------------------------------------------------------------------- */

/* name | type | null | key | extras | watermark, and comment when a column
 * has one (Flink's ShowColumnsOperation), filtered by sh's LIKE. */
static eddy_result *columns_table(SqlExec *x, const struct AstShow *sh, const AstName *name, eddy_statement_kind kind) {
    const char *q = eddy__sqlx_qualify(x, name);
    if (!q) return NULL;
    const CatalogEntry *e = eddy__catalog_get(&x->tenv->catalog, q);
    if (!e) return fail(x, EDDY_E_VALIDATION, "Tables or views with the identifier '%s' doesn't exist.", q);
    const ResolvedSchema *s = e->table ? e->table->def.schema : e->schema;
    const char *cols[] = {"name", "type", "null", "key", "extras", "watermark", "comment"};
    int nc = 6;
    for (int i = 0; i < s->ncols; i++)
        if (s->cols[i].comment) nc = 7;
    const char **cells = eddy__arena_alloc(x->a, sizeof(char *) * (size_t)nc * (size_t)(s->ncols + 1));
    if (!cells) return NOMEM(x);
    int n = 0;
    for (int i = 0; i < s->ncols; i++) {
        const SchemaCol *c = &s->cols[i];
        if (sh && !show_filter(sh, c->name)) continue;
        const char **row = &cells[n++ * nc];
        if (nc == 7) row[6] = c->comment ? c->comment : "";
        row[0] = c->name;
        row[1] = eddy__type_str(x->a, eddy__type_with_nullable(x->a, c->type, true));
        row[2] = c->type->nullable ? "TRUE" : "FALSE";
        row[3] = "";
        if (e->table && s->npk) {
            for (int k = 0; k < s->npk; k++)
                if (!strcmp(s->pk_cols[k], c->name)) {
                    Buf b;
                    eddy__buf_init(&b);
                    eddy__buf_puts(&b, "PRI(");
                    for (int j = 0; j < s->npk; j++) eddy__buf_printf(&b, "%s%s", j ? ", " : "", s->pk_cols[j]);
                    eddy__buf_putc(&b, ')');
                    row[3] = eddy__arena_strdup(x->a, eddy__buf_cstr(&b));
                    eddy__buf_free(&b);
                }
        }
        row[4] = "";
        if (e->table && c->kind == COL_COMPUTED) row[4] = eddy__arena_printf(x->a, "AS %s", c->expr_text);
        else if (e->table && c->kind == COL_METADATA)
            row[4] = c->meta_key ? eddy__arena_printf(x->a, "METADATA FROM '%s'%s", c->meta_key, c->is_virtual ? " VIRTUAL" : "")
                                 : (c->is_virtual ? "METADATA VIRTUAL" : "METADATA");
        row[5] = "";
        for (int k = 0; e->table && k < s->nwm; k++)
            if (!strcmp(s->wm[k].column, c->name)) row[5] = s->wm[k].expr_text;
        for (int k = 0; k < nc; k++)
            if (!row[k]) return NOMEM(x);
    }
    return string_table(x, kind, nc, cols, cells, n);
}


static eddy_result *show_create_table(SqlExec *x, const char *q, const CatalogEntry *e) {
    const TableEntry *te = e->table;
    const ResolvedSchema *s = te->def.schema;
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_printf(&b, "CREATE %s%sTABLE %s (\n", e->temporary ? "TEMPORARY " : "", e->mt ? "MATERIALIZED " : "",
                     quoted(x, q));
    bool first = true;
    for (int i = 0; i < s->ncols; i++) {
        const SchemaCol *c = &s->cols[i];
        eddy__buf_puts(&b, first ? "  " : ",\n  ");
        first = false;
        eddy__print_ident(&b, c->name);
        eddy__buf_putc(&b, ' ');
        if (c->kind == COL_COMPUTED) {
            eddy__buf_printf(&b, "AS %s", c->expr_text);
        } else {
            eddy__type_print_serializable(&b, c->type);
            if (c->kind == COL_METADATA) {
                eddy__buf_puts(&b, " METADATA");
                if (c->meta_key) eddy__buf_printf(&b, " FROM '%s'", c->meta_key);
                if (c->is_virtual) eddy__buf_puts(&b, " VIRTUAL");
            }
        }
        if (c->comment) {
            eddy__buf_puts(&b, " COMMENT ");
            sql_string(&b, c->comment, strlen(c->comment));
        }
    }
    for (int k = 0; k < s->nwm; k++) {
        eddy__buf_puts(&b, ",\n  WATERMARK FOR ");
        eddy__print_ident(&b, s->wm[k].column);
        eddy__buf_printf(&b, " AS %s", s->wm[k].expr_text);
    }
    if (s->npk) {
        eddy__buf_puts(&b, ",\n  CONSTRAINT ");
        eddy__print_ident(&b, s->pk_name);
        eddy__buf_puts(&b, " PRIMARY KEY (");
        for (int k = 0; k < s->npk; k++) {
            if (k) eddy__buf_puts(&b, ", ");
            eddy__print_ident(&b, s->pk_cols[k]);
        }
        eddy__buf_puts(&b, ") NOT ENFORCED");
    }
    eddy__buf_puts(&b, "\n)\n");
    if (te->def.comment) {
        eddy__buf_puts(&b, "COMMENT ");
        sql_string(&b, te->def.comment, strlen(te->def.comment));
        eddy__buf_putc(&b, '\n');
    }
    if (te->def.npart) {
        eddy__buf_puts(&b, "PARTITIONED BY (");
        for (int k = 0; k < te->def.npart; k++) {
            if (k) eddy__buf_puts(&b, ", ");
            eddy__print_ident(&b, te->def.partition_keys[k]);
        }
        eddy__buf_puts(&b, ")\n");
    }
    if (!with_block(&b, te->def.opts, (size_t)te->def.nopts)) {
        eddy__buf_free(&b);
        return NOMEM(x);
    }
    if (e->mt) {
        /* ShowCreateUtil.buildShowCreateMaterializedTableRow: the start mode is
         * materialized-table.default-start-mode's default */
        eddy__buf_printf(&b, "START_MODE = FROM_BEGINNING\nFRESHNESS = INTERVAL '%s' %s\nREFRESH_MODE = %s\nAS %s\n",
                         e->mt->freshness, e->mt->freshness_unit, e->mt->refresh_mode, e->mt->query);
    }
    return show_create_result(x, &b);
}

static eddy_result *show_create_view(SqlExec *x, const char *q, const CatalogEntry *e) {
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_printf(&b, "CREATE %sVIEW %s (\n", e->temporary ? "TEMPORARY " : "", quoted(x, q));
    for (int i = 0; i < e->schema->ncols; i++) {
        eddy__buf_puts(&b, i ? ",\n  " : "  ");
        eddy__print_ident(&b, e->schema->cols[i].name);
    }
    eddy__buf_puts(&b, "\n)\n");
    if (e->comment) {
        eddy__buf_puts(&b, "COMMENT ");
        sql_string(&b, e->comment, strlen(e->comment));
        eddy__buf_putc(&b, '\n');
    }
    eddy__buf_puts(&b, "AS ");
    if (e->view_expanded) eddy__buf_puts(&b, e->view_expanded);
    else eddy__sql_unparse_query(&b, e->view_query);
    eddy__buf_putc(&b, '\n');
    return show_create_result(x, &b);
}

static eddy_result *show_functions(SqlExec *x, const struct AstShow *sh) {
    int k = 0;
    const char **names = NULL;
    if (!sh->user && !x->tenv->core_unloaded) {
        names = eddy__api_core_function_names(x->a, &k);
        if (!names) return NOMEM(x);
    }
    int nu = 0;
    const char **user = eddy__api_user_function_names(x->tenv, &nu);
    if (!user) return NOMEM(x);
    const char **all_names = eddy__arena_alloc(x->a, sizeof(char *) * (size_t)(k + nu + 1));
    if (!all_names) return NOMEM(x);
    if (k) memcpy(all_names, names, sizeof(char *) * (size_t)k);
    memcpy(all_names + k, user, sizeof(char *) * (size_t)nu);
    names = all_names;
    k += nu;
    qsort(names, (size_t)k, sizeof(char *), cmp_str);
    int m = 0;
    for (int i = 0; i < k; i++)
        if (m == 0 || strcmp(names[m - 1], names[i])) names[m++] = names[i];
    return name_list(x, sh, "function name", names, m);
}

static eddy_result *show(SqlExec *x, const AstStmt *st) {
    const struct AstShow *sh = &st->u.show;
    Catalog *c = &x->tenv->catalog;
    switch (sh->what) {
    case AST_SHOW_CATALOGS: {
        const char **names = eddy__arena_alloc(x->a, sizeof(char *) * (c->catalogs.len + 1));
        if (!names) return NOMEM(x);
        for (size_t i = 0; i < c->catalogs.len; i++) names[i] = c->catalogs.items[i];
        qsort(names, c->catalogs.len, sizeof(char *), cmp_str);
        return name_list(x, sh, "catalog name", names, (int)c->catalogs.len);
    }
    case AST_SHOW_CURRENT_CATALOG: return name_list(x, NULL, "current catalog name", &c->cur_catalog, 1);
    case AST_SHOW_CURRENT_DATABASE: return name_list(x, NULL, "current database name", &c->cur_database, 1);
    case AST_SHOW_DATABASES: {
        if (sh->name.nparts > 1)
            return fail(x, EDDY_E_PARSE,
                        "Show databases from/in identifier [ %s ] format error, catalog must be a single part "
                        "identifier.",
                        dotted(x, &sh->name));
        const char *cat = sh->name.nparts ? sh->name.parts[0] : c->cur_catalog;
        if (!eddy__catalog_has_catalog(c, cat))
            return fail(x, EDDY_E_VALIDATION, "A catalog with name [%s] does not exist.", cat);
        const char **names = eddy__arena_alloc(x->a, sizeof(char *) * (c->databases.len + 1));
        if (!names) return NOMEM(x);
        int n = 0;
        size_t cl = strlen(cat);
        for (size_t i = 0; i < c->databases.len; i++) {
            const char *d = c->databases.items[i];
            if (!strncmp(d, cat, cl) && d[cl] == '.') names[n++] = d + cl + 1;
        }
        qsort(names, (size_t)n, sizeof(char *), cmp_str);
        return name_list(x, sh, "database name", names, n);
    }
    case AST_SHOW_TABLES:
    case AST_SHOW_VIEWS: {
        const char *cat = c->cur_catalog, *db = c->cur_database;
        if (sh->name.nparts == 1) db = sh->name.parts[0];
        else if (sh->name.nparts == 2) {
            cat = sh->name.parts[0];
            db = sh->name.parts[1];
        }
        if (sh->name.nparts && !eddy__catalog_has_database(c, cat, db))
            return fail(x, EDDY_E_VALIDATION, "Database '%s'.'%s' doesn't exist.", cat, db);
        int n = 0;
        const char **names = eddy__catalog_list(c, cat, db, sh->what == AST_SHOW_VIEWS, &n);
        if (!names) return NOMEM(x);
        eddy_result *r = name_list(x, sh, sh->what == AST_SHOW_VIEWS ? "view name" : "table name", names, n);
        eddy__free(names);
        return r;
    }
    case AST_SHOW_FUNCTIONS: return show_functions(x, sh);
    case AST_SHOW_COLUMNS: return columns_table(x, sh, &sh->name, EDDY_STMT_SHOW);
    case AST_SHOW_CREATE_MATERIALIZED_TABLE: {
        const char *q = eddy__sqlx_qualify(x, &sh->name);
        if (!q) return NULL;
        const CatalogEntry *e = eddy__catalog_get(c, q);
        if (!e)
            return fail(x, EDDY_E_VALIDATION,
                        "Could not execute SHOW CREATE MATERIALIZED TABLE %s. Materialized table with identifier %s "
                        "does not exist.",
                        q, quoted(x, q));
        if (!e->mt)
            return fail(x, EDDY_E_TABLE,
                        "SHOW CREATE MATERIALIZED TABLE is only supported for materialized tables, but %s is a %s. "
                        "Please use SHOW CREATE %s instead.",
                        quoted(x, q), e->is_view ? "view" : "table", e->is_view ? "VIEW" : "TABLE");
        return show_create_table(x, q, e);
    }
    case AST_SHOW_CREATE_TABLE:
    case AST_SHOW_CREATE_VIEW: {
        const char *q = eddy__sqlx_qualify(x, &sh->name);
        if (!q) return NULL;
        const CatalogEntry *e = eddy__catalog_get(c, q);
        bool want_view = sh->what == AST_SHOW_CREATE_VIEW;
        if (!e)
            return fail(x, EDDY_E_VALIDATION, "Could not execute SHOW CREATE %s. %s with identifier %s does not exist.",
                        want_view ? "VIEW" : "TABLE", want_view ? "View" : "Table", quoted(x, q));
        if (!want_view && e->is_view)
            return fail(x, EDDY_E_TABLE,
                        "SHOW CREATE TABLE is only supported for tables, but %s is a view. Please use SHOW CREATE VIEW "
                        "instead.",
                        quoted(x, q));
        if (!want_view && e->mt)
            return fail(x, EDDY_E_TABLE,
                        "SHOW CREATE TABLE is only supported for tables, but %s is a materialized table. Please use "
                        "SHOW CREATE MATERIALIZED TABLE instead.",
                        quoted(x, q));
        if (want_view && !e->is_view)
            return fail(x, EDDY_E_TABLE,
                        "SHOW CREATE VIEW is only supported for views, but %s is a %s. Please use SHOW CREATE %s "
                        "instead.",
                        quoted(x, q), e->mt ? "materialized table" : "table", e->mt ? "MATERIALIZED TABLE" : "TABLE");
        if (!want_view && !e->table)
            return fail(x, EDDY_E_TABLE, "SHOW CREATE TABLE is not supported for %s: it is backed by a DataStream.",
                        quoted(x, q));
        if (want_view && !e->view_query)
            return fail(x, EDDY_E_TABLE, "SHOW CREATE VIEW is not supported for %s: it is backed by a DataStream or a "
                                         "Table object.",
                        quoted(x, q));
        return want_view ? show_create_view(x, q, e) : show_create_table(x, q, e);
    }
    case AST_SHOW_PROCEDURES: {
        /* the generic in-memory catalog holds no procedures */
        const char *cat = sh->name.nparts == 2 ? sh->name.parts[0] : c->cur_catalog;
        const char *db = sh->name.nparts ? sh->name.parts[sh->name.nparts - 1] : c->cur_database;
        if (!eddy__catalog_has_catalog(c, cat))
            return fail(x, EDDY_E_VALIDATION, "A catalog with name [%s] does not exist.", cat);
        if (!eddy__catalog_has_database(c, cat, db))
            return fail(x, EDDY_E_TABLE,
                        "Fail to show procedures because the Database `%s` to show from/in does not exist in Catalog "
                        "`%s`.",
                        db, cat);
        return name_list(x, sh, "procedure name", NULL, 0);
    }
    case AST_SHOW_CREATE_CATALOG: return show_create_catalog(x, sh);
    case AST_SHOW_MODULES: {
        const char *cells[] = {"core", "TRUE"}; /* a BOOLEAN column: the tableau prints TRUE */
        int nmod = x->tenv->core_unloaded ? 0 : 1;
        if (!sh->full) return name_list(x, NULL, "module name", cells, nmod);
        const char *cols[] = {"module name", "used"};
        return string_table(x, EDDY_STMT_SHOW, 2, cols, cells, nmod);
    }
    case AST_SHOW_JOBS: return fail(x, EDDY_E_UNSUPPORTED, "not supported yet: SHOW JOBS");
    case AST_SHOW_JARS: return fail(x, EDDY_E_UNSUPPORTED, "not supported yet: SHOW JARS");
    case AST_SHOW_PARTITIONS: return fail(x, EDDY_E_UNSUPPORTED, "not supported yet: SHOW PARTITIONS");
    }
    return fail(x, EDDY_E_UNSUPPORTED, "not supported yet: this SHOW statement");
}

eddy_result *eddy__sqlx_ddl(SqlExec *x, const AstStmt *st) {
    switch (st->kind) {
    case AST_STMT_CREATE_TABLE: return create_table(x, st);
    case AST_STMT_DROP_TABLE: return drop_object(x, st, false);
    case AST_STMT_ALTER_TABLE: return alter_table(x, st);
    case AST_STMT_CREATE_VIEW: return create_view(x, st);
    case AST_STMT_DROP_VIEW: return drop_object(x, st, true);
    case AST_STMT_ALTER_VIEW: return alter_view(x, st);
    case AST_STMT_SHOW: return show(x, st);
    case AST_STMT_DESCRIBE:
        if (st->u.describe.what == AST_DESCRIBE_CATALOG) return describe_catalog(x, st);
        if (st->u.describe.what == AST_DESCRIBE_FUNCTION) return eddy__sqlx_describe_function(x, st);
        if (st->u.describe.what != AST_DESCRIBE_TABLE)
            return fail(x, EDDY_E_UNSUPPORTED, "not supported yet: DESCRIBE DATABASE");
        return columns_table(x, NULL, &st->u.describe.name, EDDY_STMT_DESCRIBE);
    case AST_STMT_USE_MODULES:
    case AST_STMT_LOAD_MODULE:
    case AST_STMT_UNLOAD_MODULE: return module_stmt(x, st);
    default: return catalog_stmt(x, st);
    }
}
