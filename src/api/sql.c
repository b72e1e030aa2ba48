/*
 * sql.c -- executeSql: one statement of any kind, parsed and dispatched.
 * Queries and INSERTs start jobs; everything else acts on the catalog or
 * the configuration and returns a static result (ddl_exec.c has DDL, SHOW
 * and DESCRIBE). Also statement sets, Table.executeInsert and SET / RESET.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "api/sql_int.h"

#include "sql/parser.h"

/* ---- helpers shared with ddl_exec.c -------------------------------------------------------- */

const char *eddy__sqlx_qualify(SqlExec *x, const AstName *n) {
    const char *q = eddy__catalog_qualify(x->a, &x->tenv->catalog, n->parts, n->nparts);
    if (!q) {
        Buf b;
        eddy__buf_init(&b);
        for (int i = 0; i < n->nparts; i++) eddy__buf_printf(&b, "%s%s", i ? "." : "", n->parts[i]);
        eddy__api_err(x->env, EDDY_E_VALIDATION,
                      "Object identifier may contain at most 3 parts (catalog, database, object): %s", eddy__buf_cstr(&b));
        eddy__buf_free(&b);
    }
    return q;
}

eddy_result *eddy__sqlx_ok(SqlExec *x, eddy_statement_kind kind) { return eddy__api_ok_result(x->tenv, kind); }

/* ---- queries --------------------------------------------------------------------------------- */

static eddy_result *exec_query(SqlExec *x, const AstQuery *q) {
    BindEnv be;
    eddy__api_bind_env(x->tenv, &be);
    be.sql = x->sql;
    Rel *rel;
    EdErr err = {0};
    if (eddy__bind_query(&be, q, &rel, &err)) return eddy__api_sql_err(x->env, &err), NULL;
    return eddy__api_query_result(x->tenv, rel);
}

/* ---- INSERT ------------------------------------------------------------------------------------ */

/* The connector table at path (qualified), or NULL with Flink's error. */
static const TableEntry *sink_table(eddy_tenv *tenv, const char *q) {
    eddy_env *env = tenv->env;
    const CatalogEntry *ce = eddy__catalog_get(&tenv->catalog, q);
    if (!ce) {
        Buf b;
        eddy__buf_init(&b);
        eddy__buf_putc(&b, '[');
        for (size_t i = 0; i < tenv->catalog.catalogs.len; i++)
            eddy__buf_printf(&b, "%s%s", i ? ", " : "", tenv->catalog.catalogs.items[i]);
        eddy__buf_putc(&b, ']');
        eddy__api_err(env, EDDY_E_TABLE, "Cannot find table '%s' in any of the catalogs %s, nor as a temporary table.",
                      eddy__path_quoted(env->sa, q), eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        return NULL;
    }
    if (!ce->table) {
        eddy__api_err(env, EDDY_E_VALIDATION,
                      "%s is a view; INSERT needs a table backed by a connector (CREATE TABLE ... WITH ('connector' "
                      "= ...)).",
                      eddy__path_quoted(env->sa, q));
        return NULL;
    }
    return ce->table;
}

/* What EXPLAIN needs of a planned INSERT. */
static void explain_item(ExplainItem *item, const Rel *rel, const TableEntry *te, const char *path, StreamNode *sink,
                         const PhysNode *phys) {
    if (!item) return;
    *item = (ExplainItem){rel, path, te->nphys, te->phys_names, sink, phys};
}

eddy_status eddy__sqlx_plan_insert(eddy_tenv *tenv, const char *sql, const AstStmt *st, StreamNode **sink,
                                   const char **path, ExplainItem *item) {
    eddy_env *env = tenv->env;
    SqlExec x = {tenv, env, env->sa, sql};
    const char *q = eddy__sqlx_qualify(&x, &st->u.insert.table);
    if (!q) return env->err.code;
    const TableEntry *te = sink_table(tenv, q);
    if (!te) return env->err.code;
    BindEnv be;
    eddy__api_bind_env(tenv, &be);
    be.sql = sql;
    EdErr err = {0};
    Rel *rel;
    if (eddy__bind_query(&be, st->u.insert.source, &rel, &err)) return eddy__api_sql_err(env, &err);
    /* whether INSERT OVERWRITE works in streaming mode is the sink's to say
     * (Flink's filesystem sink: "Streaming mode not support overwrite.") */
    InsertSpec ins = {.overwrite = st->u.insert.overwrite};
    ins.ncolumns = st->u.insert.ncolumns;
    const char **cols = eddy__arena_alloc(env->sa, sizeof(char *) * (size_t)(ins.ncolumns + 1));
    int ns = st->u.insert.npartition;
    const char **snames = eddy__arena_alloc(env->sa, sizeof(char *) * (size_t)(ns + 1));
    const Expr **svals = eddy__arena_alloc(env->sa, sizeof(Expr *) * (size_t)(ns + 1));
    if (!cols || !snames || !svals) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    for (int i = 0; i < ins.ncolumns; i++) cols[i] = st->u.insert.columns[i]->name;
    for (int i = 0; i < ns; i++) {
        const AstPartSpec *ps = st->u.insert.partition[i];
        snames[i] = ps->name.name;
        BindCols none = {0, NULL, NULL};
        Expr *v;
        if (eddy__bind_expr(&be, &none, ps->value, &v, &err)) return eddy__api_sql_err(env, &err);
        svals[i] = v;
    }
    ins.columns = cols;
    ins.nstatic = ns;
    ins.static_names = snames;
    ins.static_values = svals;
    PlanEnv pe;
    eddy__api_plan_env(tenv, &pe);
    pe.explain_only = item != NULL;
    const PhysNode *phys;
    if (eddy__plan_insert(&pe, rel, te, &ins, sink, &phys, &err)) return eddy__api_take(env, &err);
    *path = q;
    explain_item(item, rel, te, q, *sink, phys);
    return EDDY_OK;
}

/* Runs INSERT sinks as one job; waits when table.dml-sync is set. */
static eddy_result *run_inserts(eddy_tenv *tenv, StreamNode *const *sinks, const char *const *paths, int n) {
    eddy_result *r = eddy__api_insert_result(tenv, sinks, paths, n);
    if (!r) return NULL;
    if (tenv->dml_sync && eddy_result_await(r) != EDDY_OK) {
        eddy_result_free(r);
        return NULL;
    }
    return r;
}

static eddy_result *exec_insert(SqlExec *x, const AstStmt *st) {
    StreamNode *sink;
    const char *path;
    if (eddy__sqlx_plan_insert(x->tenv, x->sql, st, &sink, &path, NULL)) return NULL;
    return run_inserts(x->tenv, &sink, &path, 1);
}

static eddy_result *exec_statement_set(SqlExec *x, const AstStmt *set) {
    int n = set->u.stmt_set.ninserts;
    if (n == 0) return eddy__api_err(x->env, EDDY_E_VALIDATION, "No operators defined in the statement set."), NULL;
    StreamNode **sinks = eddy__arena_alloc(x->a, sizeof(StreamNode *) * (size_t)n);
    const char **paths = eddy__arena_alloc(x->a, sizeof(char *) * (size_t)n);
    if (!sinks || !paths) return eddy__api_nomem(x->env);
    for (int i = 0; i < n; i++)
        if (eddy__sqlx_plan_insert(x->tenv, x->sql, set->u.stmt_set.inserts[i], &sinks[i], &paths[i], NULL)) return NULL;
    return run_inserts(x->tenv, sinks, paths, n);
}

/* ---- EXPLAIN --------------------------------------------------------------------------------------- */

const char *eddy__sqlx_explain(eddy_tenv *tenv, const ExplainItem *items, int n, unsigned details) {
    eddy_env *env = tenv->env;
    PlanEnv pe;
    eddy__api_plan_env(tenv, &pe);
    Buf b;
    eddy__buf_init(&b);
    EdErr err = {0};
    eddy_status rc = eddy__plan_explain(&pe, items, n, details, env->cfg.parallelism, &b, &err);
    const char *text = rc ? NULL : eddy__arena_strndup(env->sa, eddy__buf_cstr(&b), b.len);
    eddy__buf_free(&b);
    if (rc) return eddy__api_take(env, &err), NULL;
    return text ? text : eddy__api_nomem(env);
}

/* The plans a statement stands for: a query, an INSERT or a statement set
 * (in EXECUTE or not). *n: how many; NULL with the error on the env. */
static ExplainItem *explain_items(SqlExec *x, const AstStmt *st, int *n) {
    if (st->kind == AST_STMT_EXECUTE) st = st->u.execute.stmt;
    int count = st->kind == AST_STMT_STATEMENT_SET ? st->u.stmt_set.ninserts : 1;
    ExplainItem *items = eddy__arena_alloc(x->a, sizeof(ExplainItem) * (size_t)(count + 1));
    if (!items) return eddy__api_nomem(x->env);
    StreamNode *sink;
    const char *path;
    switch (st->kind) {
    case AST_STMT_QUERY: {
        BindEnv be;
        eddy__api_bind_env(x->tenv, &be);
        be.sql = x->sql;
        EdErr err = {0};
        Rel *rel;
        if (eddy__bind_query(&be, st->u.query.query, &rel, &err)) return eddy__api_sql_err(x->env, &err), NULL;
        items[0] = (ExplainItem){.rel = rel};
        break;
    }
    case AST_STMT_INSERT:
        if (eddy__sqlx_plan_insert(x->tenv, x->sql, st, &sink, &path, &items[0])) return NULL;
        break;
    case AST_STMT_STATEMENT_SET:
        if (count == 0) return eddy__api_err(x->env, EDDY_E_VALIDATION, "No operators defined in the statement set."), NULL;
        for (int i = 0; i < count; i++)
            if (eddy__sqlx_plan_insert(x->tenv, x->sql, st->u.stmt_set.inserts[i], &sink, &path, &items[i])) return NULL;
        break;
    default:
        return eddy__api_err(x->env, EDDY_E_UNSUPPORTED, "not supported yet: EXPLAIN of this statement kind"), NULL;
    }
    *n = count;
    return items;
}

static unsigned explain_details(SqlExec *x, const AstStmt *st, bool *ok) {
    unsigned d = st->u.explain.details;
    *ok = !(d & AST_EXPLAIN_PLAN_ADVICE);
    if (!*ok) eddy__api_err(x->env, EDDY_E_UNSUPPORTED, "not supported yet: EXPLAIN PLAN_ADVICE");
    return (d & AST_EXPLAIN_ESTIMATED_COST ? EDDY_EXPLAIN_ESTIMATED_COST : 0) |
           (d & AST_EXPLAIN_CHANGELOG_MODE ? EDDY_EXPLAIN_CHANGELOG_MODE : 0) |
           (d & AST_EXPLAIN_JSON_EXECUTION_PLAN ? EDDY_EXPLAIN_JSON_EXECUTION_PLAN : 0);
}

/* EXPLAIN [PLAN FOR | details] stmt: one row, column `result`, the plan. */
static eddy_result *exec_explain(SqlExec *x, const AstStmt *st) {
    bool ok;
    unsigned details = explain_details(x, st, &ok);
    if (!ok) return NULL;
    int n;
    ExplainItem *items = explain_items(x, st->u.explain.stmt, &n);
    const char *text = items ? eddy__sqlx_explain(x->tenv, items, n, details) : NULL;
    if (!text) return NULL;
    const char *names[] = {"result"};
    const Type *types[] = {eddy__type_string(true)};
    Batch *b = eddy__batch_new_typed(1, types, 1);
    if (!b) return eddy__api_nomem(x->env);
    eddy__vec_set_str(b->cols[0], 0, text, strlen(text));
    b->n = b->count = 1;
    return eddy__api_static_result(x->tenv, EDDY_RESULT_SUCCESS_WITH_CONTENT, EDDY_STMT_EXPLAIN, 1, names, types, b);
}

/* Parses one statement for executeSql / explainSql into *st and sets up
 * x; false with the error on the env. who: the caller's name for misuse. */
static bool parse_statement(eddy_tenv *tenv, const char *statement, const char *who, SqlExec *x, AstStmt **st) {
    eddy_env *env = tenv->env;
    if (!statement) return eddy__api_err(env, EDDY_E_MISUSE, "%s: the statement is NULL.", who), false;
    EdErr err = {0};
    if (eddy__sql_parse_stmt(env->sa, statement, strlen(statement), st, &err)) return eddy__api_sql_err(env, &err), false;
    const char *sql = eddy__arena_strdup(env->sa, statement);
    if (!sql) return eddy__api_nomem(env), false;
    *x = (SqlExec){tenv, env, env->sa, sql};
    return true;
}

const char *eddy_tenv_explain_sql(eddy_tenv *tenv, const char *statement, unsigned details) {
    if (!tenv || !env_ok(tenv->env)) return NULL;
    SqlExec x;
    AstStmt *st;
    if (!parse_statement(tenv, statement, "explain_sql", &x, &st)) return NULL;
    int n;
    ExplainItem *items = explain_items(&x, st, &n);
    return items ? eddy__sqlx_explain(tenv, items, n, details) : NULL;
}

/* ---- SET / RESET ---------------------------------------------------------------------------------- */

static eddy_result *exec_set(SqlExec *x, const AstStmt *st) {
    if (!st->u.kv.key) return eddy__api_options_result(x->tenv);
    if (eddy_tenv_set_option(x->tenv, st->u.kv.key, st->u.kv.value ? st->u.kv.value : "")) return NULL;
    return eddy__sqlx_ok(x, EDDY_STMT_SET);
}

static eddy_result *exec_reset(SqlExec *x, const AstStmt *st) {
    if (eddy_tenv_reset_option(x->tenv, st->u.kv.key)) return NULL;
    return eddy__sqlx_ok(x, EDDY_STMT_RESET);
}

static eddy_result *unsupported_op(SqlExec *x, const char *msg);

/* ---- compiled plans ---------------------------------------------------------------------------------- */

/* eddy's compiled plan is a JSON object naming its format version, the
 * runtime mode and the INSERT or STATEMENT SET it was compiled from, as
 * written; EXECUTE PLAN plans that statement again against the catalog. */
#define PLAN_VERSION_KEY "eddyPlanVersion"

static void json_string(Buf *b, const char *s, size_t n) {
    eddy__buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') eddy__buf_printf(b, "\\%c", c);
        else if (c == '\n') eddy__buf_puts(b, "\\n");
        else if (c == '\t') eddy__buf_puts(b, "\\t");
        else if (c == '\r') eddy__buf_puts(b, "\\r");
        else if (c < 0x20) eddy__buf_printf(b, "\\u%04x", c);
        else eddy__buf_putc(b, (char)c);
    }
    eddy__buf_putc(b, '"');
}

/* The decoded JSON string value of "key" in text (arena a), or NULL. */
static char *json_field(Arena *a, const char *text, const char *key) {
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\"", key);
    const char *p = strstr(text, pat);
    if (!p) return NULL;
    p += strlen(pat);
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') p++;
    if (*p++ != ':') return NULL;
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') p++;
    if (*p != '"') {
        size_t n = strcspn(p, ",}\n");
        return eddy__arena_strndup(a, p, n);
    }
    Buf b;
    eddy__buf_init(&b);
    for (p++; *p && *p != '"'; p++) {
        if (*p != '\\') {
            eddy__buf_putc(&b, *p);
            continue;
        }
        p++;
        switch (*p) {
        case 'n': eddy__buf_putc(&b, '\n'); break;
        case 't': eddy__buf_putc(&b, '\t'); break;
        case 'r': eddy__buf_putc(&b, '\r'); break;
        case 'b': eddy__buf_putc(&b, '\b'); break;
        case 'f': eddy__buf_putc(&b, '\f'); break;
        case 'u': {
            unsigned cp = 0;
            for (int i = 1; i <= 4; i++) {
                char h = p[i];
                if (!h) break;
                cp = cp * 16 + (unsigned)(h <= '9' ? h - '0' : (h | 32) - 'a' + 10);
            }
            p += 4;
            if (cp < 0x80) eddy__buf_putc(&b, (char)cp);
            else if (cp < 0x800) {
                eddy__buf_putc(&b, (char)(0xC0 | (cp >> 6)));
                eddy__buf_putc(&b, (char)(0x80 | (cp & 0x3F)));
            } else {
                eddy__buf_putc(&b, (char)(0xE0 | (cp >> 12)));
                eddy__buf_putc(&b, (char)(0x80 | ((cp >> 6) & 0x3F)));
                eddy__buf_putc(&b, (char)(0x80 | (cp & 0x3F)));
            }
            break;
        }
        case 0: p--; break;
        default: eddy__buf_putc(&b, *p); break;
        }
    }
    char *out = *p == '"' && !b.failed ? eddy__arena_strndup(a, eddy__buf_cstr(&b), b.len) : NULL;
    eddy__buf_free(&b);
    return out;
}

static char *read_text_file(const char *path, size_t max) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = malloc(max + 1);
    size_t n = buf ? fread(buf, 1, max, f) : 0;
    fclose(f);
    if (buf) buf[n] = 0;
    return buf;
}

static eddy_result *execute_plan_file(SqlExec *x, const char *file) {
    if (x->tenv->mode == EDDY_BATCH)
        return unsupported_op(x, "The compiled plan feature is not supported in batch mode.");
    char *text = read_text_file(file, 16u << 20);
    if (!text) {
        eddy__api_err(x->env, EDDY_E_TABLE, "Cannot load Plan from file '%s'.", file);
        return NULL;
    }
    const char *version = json_field(x->a, text, PLAN_VERSION_KEY);
    const char *stmt = json_field(x->a, text, "statement");
    free(text);
    if (!version || strcmp(version, "1") || !stmt) {
        eddy__api_err(x->env, EDDY_E_TABLE,
                      "Cannot load Plan from file '%s': it is not a plan eddy compiled (no \"" PLAN_VERSION_KEY
                      "\": 1 with a \"statement\").",
                      file);
        return NULL;
    }
    const char *sql = eddy__arena_printf(x->a, "EXECUTE %s", stmt);
    return sql ? eddy_tenv_execute_sql(x->tenv, sql) : eddy__api_nomem(x->env);
}

/* COMPILE [AND EXECUTE] PLAN 'file' [IF NOT EXISTS] FOR ..., EXECUTE PLAN 'file' */
static eddy_result *exec_plan(SqlExec *x, const AstStmt *st) {
    const char *file = st->u.plan.file;
    if (st->kind == AST_STMT_EXECUTE_PLAN) return execute_plan_file(x, file);
    struct stat sb;
    if (!stat(file, &sb)) {
        if (st->u.plan.if_not_exists || st->u.plan.and_execute) {
            /* the plan there is kept (and run by COMPILE AND EXECUTE) */
            if (x->tenv->mode == EDDY_BATCH)
                return unsupported_op(x, "The compiled plan feature is not supported in batch mode.");
            return st->u.plan.and_execute ? execute_plan_file(x, file) : eddy__sqlx_ok(x, EDDY_STMT_OTHER);
        }
        const char *force = eddy_tenv_get_option(x->tenv, "table.plan.force-recompile");
        if (!force || !eddy__str_ieq(force, "true")) {
            eddy__api_err(x->env, EDDY_E_TABLE,
                          "Cannot overwrite the plan file '%s'. Either manually remove the file or, if you're "
                          "debugging your job, set the option 'table.plan.force-recompile' to true.",
                          file);
            return NULL;
        }
    }
    if (x->tenv->mode == EDDY_BATCH)
        return unsupported_op(x, "The compiled plan feature is not supported in batch mode.");
    int n;
    if (!explain_items(x, st->u.plan.stmt, &n)) return NULL; /* the statement must plan */
    const AstPos *pos = &st->u.plan.stmt->pos;
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_puts(&b, "{\n  \"" PLAN_VERSION_KEY "\" : 1,\n  \"runtimeMode\" : \"STREAMING\",\n  \"statement\" : ");
    json_string(&b, x->sql + pos->start, pos->end - pos->start);
    eddy__buf_puts(&b, "\n}\n");
    /* the folders on the way are made, as Flink makes them */
    char *dir = eddy__arena_strdup(x->a, file);
    for (char *p = dir ? dir + 1 : NULL; p && *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(dir, 0777);
            *p = '/';
        }
    FILE *f = b.failed ? NULL : fopen(file, "w");
    bool ok = f && fwrite(b.data, 1, b.len, f) == b.len;
    if (f && fclose(f)) ok = false;
    eddy__buf_free(&b);
    if (!ok) {
        eddy__api_err(x->env, EDDY_E_TABLE, "Failed to execute COMPILE PLAN statement: cannot write '%s': %s", file,
                      strerror(errno));
        return NULL;
    }
    return st->u.plan.and_execute ? execute_plan_file(x, file) : eddy__sqlx_ok(x, EDDY_STMT_OTHER);
}

/* CALL proc(args): the generic in-memory catalog has no procedures, so the
 * call resolves to nothing, with the validator's message. */
static eddy_result *exec_call(SqlExec *x, const AstStmt *st) {
    const AstExpr *c = st->u.call.call;
    const AstName *fn = &c->u.call.fname;
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_printf(&b, "%s(", fn->nparts ? fn->parts[fn->nparts - 1] : c->u.call.name);
    for (int i = 0; i < c->u.call.nargs; i++) {
        const AstExpr *a = c->u.call.args[i];
        const char *fam = "ANY";
        if (a->kind == AST_LITERAL) switch (a->u.lit.lit_kind) {
            case AST_LIT_INTEGER:
            case AST_LIT_DECIMAL:
            case AST_LIT_APPROX: fam = "NUMERIC"; break;
            case AST_LIT_STRING: fam = "CHARACTER"; break;
            case AST_LIT_BINARY: fam = "BINARY"; break;
            case AST_LIT_TRUE:
            case AST_LIT_FALSE:
            case AST_LIT_UNKNOWN: fam = "BOOLEAN"; break;
            case AST_LIT_NULL: fam = "NULL"; break;
            default: break;
            }
        eddy__buf_printf(&b, "%s<%s>", i ? ", " : "", fam);
    }
    eddy__buf_putc(&b, ')');
    EdErr err = {0};
    eddy__err(&err, EDDY_E_VALIDATION, "From line %d, column %d to line %d, column %d: No match found for function "
              "signature %s", c->pos.line, c->pos.col, c->pos.end_line, c->pos.end_col, eddy__buf_cstr(&b));
    err.line = c->pos.line;
    err.col = c->pos.col;
    eddy__buf_free(&b);
    eddy__api_sql_err(x->env, &err);
    return NULL;
}

/* ---- DELETE / UPDATE / TRUNCATE TABLE --------------------------------------------------------------- */

/* No connector of eddy's can delete or update rows in place (none has
 * Flink's SupportsRowLevelDelete / SupportsRowLevelUpdate / SupportsTruncate
 * abilities), so these statements are validated as Flink validates them
 * and then fail with Flink's message for such a sink. */
#define SINK_ABILITIES "org.apache.flink.table.connector.sink.abilities."

/* The statement's WHERE and SET expressions bound over its table, as the
 * query SELECT <set values | *> FROM t [alias] WHERE ..; false with the error. */
static bool validate_dml(SqlExec *x, const AstStmt *st) {
    AstTableRef *from = eddy__arena_alloc(x->a, sizeof *from);
    AstQuery *q = eddy__arena_alloc(x->a, sizeof *q);
    int nitems = st->kind == AST_STMT_UPDATE ? st->u.dml.nset : 1;
    AstSelectItem **items = eddy__arena_alloc(x->a, sizeof(AstSelectItem *) * (size_t)nitems);
    AstSelectItem *item = eddy__arena_alloc(x->a, sizeof(AstSelectItem) * (size_t)nitems);
    AstExpr *star = eddy__arena_alloc(x->a, sizeof *star);
    if (!from || !q || !items || !item || !star) return eddy__api_nomem(x->env), false;
    from->kind = AST_TREF_TABLE;
    from->pos = st->u.dml.table.pos;
    from->alias = st->u.dml.alias;
    from->u.table.name = st->u.dml.table;
    star->kind = AST_STAR;
    star->pos = st->pos;
    for (int i = 0; i < nitems; i++) {
        item[i].expr = st->kind == AST_STMT_UPDATE ? st->u.dml.set_values[i] : star;
        item[i].pos = item[i].expr->pos;
        items[i] = &item[i];
    }
    q->kind = AST_Q_SELECT;
    q->pos = st->pos;
    q->depth = 1;
    q->u.select.items = items;
    q->u.select.nitems = nitems;
    q->u.select.from = from;
    q->u.select.where = st->u.dml.where;
    BindEnv be;
    eddy__api_bind_env(x->tenv, &be);
    be.sql = x->sql;
    EdErr err = {0};
    Rel *rel;
    if (eddy__bind_query(&be, q, &rel, &err)) return eddy__api_sql_err(x->env, &err), false;
    return true;
}

static eddy_result *exec_row_level(SqlExec *x, const AstStmt *st) {
    const char *what = st->kind == AST_STMT_DELETE ? "DELETE" : st->kind == AST_STMT_UPDATE ? "UPDATE" : "TRUNCATE TABLE";
    const char *q = eddy__sqlx_qualify(x, &st->u.dml.table);
    if (!q) return NULL;
    const CatalogEntry *e = eddy__catalog_get(&x->tenv->catalog, q);
    if (st->kind == AST_STMT_TRUNCATE) {
        if (x->tenv->mode != EDDY_BATCH)
            return eddy__api_err(x->env, EDDY_E_TABLE, "TRUNCATE TABLE statement is not supported in streaming mode."),
                   NULL;
        if (!e) {
            const char **parts;
            int n;
            EdErr err = {0};
            if (eddy__catalog_split(x->a, q, &parts, &n, &err)) return eddy__api_take(x->env, &err), NULL;
            const Catalog *c = &x->tenv->catalog;
            Buf cats;
            eddy__buf_init(&cats);
            for (size_t i = 0; i < c->catalogs.len; i++)
                eddy__buf_printf(&cats, "%s%s", i ? ", " : "", c->catalogs.items[i]);
            eddy__api_err(x->env, EDDY_E_TABLE,
                          "Cannot find table '`%s`.`%s`.`%s`' in any of the catalogs [%s], nor as a temporary table.",
                          parts[0], n > 1 ? parts[1] : "", n > 2 ? parts[2] : "", eddy__buf_cstr(&cats));
            eddy__buf_free(&cats);
            return NULL;
        }
        if (e->is_view)
            return eddy__api_err(x->env, EDDY_E_TABLE, "TRUNCATE TABLE statement is not supported for view."), NULL;
        eddy__api_err(x->env, EDDY_E_TABLE,
                      "TRUNCATE TABLE statement is not supported for the table %s since the table hasn't implemented "
                      "the interface " SINK_ABILITIES "SupportsTruncate.",
                      q);
        return NULL;
    }
    if (!validate_dml(x, st)) return NULL;
    if (st->kind == AST_STMT_UPDATE && e && e->schema)
        for (int i = 0; i < st->u.dml.nset; i++) {
            const AstIdent *c = st->u.dml.set_columns[i];
            bool found = false;
            for (int k = 0; k < e->schema->ncols && !found; k++) found = !strcmp(e->schema->cols[k].name, c->name);
            if (!found) {
                EdErr err = {0};
                eddy__err(&err, EDDY_E_VALIDATION, "From line %d, column %d to line %d, column %d: Unknown target "
                          "column '%s'", c->pos.line, c->pos.col, c->pos.end_line, c->pos.end_col, c->name);
                err.line = c->pos.line;
                err.col = c->pos.col;
                eddy__api_sql_err(x->env, &err);
                return NULL;
            }
        }
    if (x->tenv->mode != EDDY_BATCH)
        return eddy__api_err(x->env, EDDY_E_TABLE, "%s statement is not supported for streaming mode now.", what),
               NULL;
    eddy__api_err(x->env, EDDY_E_UNSUPPORTED,
                  "Can't perform %s operation of the table %s because the corresponding dynamic table sink has not yet "
                  "implemented " SINK_ABILITIES "%s.",
                  st->kind == AST_STMT_DELETE ? "delete" : "update", q,
                  st->kind == AST_STMT_DELETE ? "SupportsRowLevelDelete" : "SupportsRowLevelUpdate");
    return NULL;
}

/* ---- dispatch ------------------------------------------------------------------------------------- */

static eddy_result *unsupported_op(SqlExec *x, const char *msg) {
    eddy__api_err(x->env, EDDY_E_UNSUPPORTED, "%s", msg);
    return NULL;
}

static eddy_result *unsupported(SqlExec *x, const char *what) {
    eddy__api_err(x->env, EDDY_E_UNSUPPORTED, "not supported yet: %s", what);
    return NULL;
}

static eddy_result *exec_stmt(SqlExec *x, const AstStmt *st) {
    switch (st->kind) {
    case AST_STMT_QUERY: return exec_query(x, st->u.query.query);
    case AST_STMT_INSERT: return exec_insert(x, st);
    case AST_STMT_EXECUTE: {
        const AstStmt *in = st->u.execute.stmt;
        if (in->kind == AST_STMT_STATEMENT_SET) return exec_statement_set(x, in);
        return exec_stmt(x, in);
    }
    case AST_STMT_STATEMENT_SET: return exec_statement_set(x, st);
    case AST_STMT_BEGIN_STATEMENT_SET:
    case AST_STMT_END:
        eddy__api_err(x->env, EDDY_E_VALIDATION,
                      "BEGIN STATEMENT SET and END are commands of the SQL client; in a program use "
                      "eddy_tenv_create_statement_set or EXECUTE STATEMENT SET BEGIN ... END.");
        return NULL;
    case AST_STMT_SET: return exec_set(x, st);
    case AST_STMT_RESET: return exec_reset(x, st);
    case AST_STMT_EXPLAIN: return exec_explain(x, st);
    case AST_STMT_CREATE_TABLE:
    case AST_STMT_DROP_TABLE:
    case AST_STMT_ALTER_TABLE:
    case AST_STMT_CREATE_VIEW:
    case AST_STMT_DROP_VIEW:
    case AST_STMT_ALTER_VIEW:
    case AST_STMT_CREATE_CATALOG:
    case AST_STMT_DROP_CATALOG:
    case AST_STMT_USE_CATALOG:
    case AST_STMT_CREATE_DATABASE:
    case AST_STMT_DROP_DATABASE:
    case AST_STMT_ALTER_DATABASE:
    case AST_STMT_ALTER_CATALOG:
    case AST_STMT_USE_DATABASE:
    case AST_STMT_SHOW:
    case AST_STMT_DESCRIBE: return eddy__sqlx_ddl(x, st);
    case AST_STMT_CREATE_FUNCTION:
    case AST_STMT_DROP_FUNCTION:
    case AST_STMT_ALTER_FUNCTION: return eddy__sqlx_function(x, st);

    case AST_STMT_USE_MODULES:
    case AST_STMT_LOAD_MODULE:
    case AST_STMT_UNLOAD_MODULE: return eddy__sqlx_ddl(x, st);
    case AST_STMT_ADD_JAR:
    case AST_STMT_REMOVE_JAR: return unsupported(x, "jars (eddy runs C functions registered by the program)");
    case AST_STMT_STOP_JOB: return unsupported(x, "STOP JOB");
    case AST_STMT_CALL: return exec_call(x, st);
    case AST_STMT_COMPILE_PLAN:
    case AST_STMT_EXECUTE_PLAN: return exec_plan(x, st);
    case AST_STMT_TRUNCATE:
    case AST_STMT_DELETE:
    case AST_STMT_UPDATE: return exec_row_level(x, st);
    case AST_STMT_ANALYZE: return unsupported(x, "ANALYZE TABLE");
    }
    return unsupported(x, "this statement");
}

/* Whether a statement may leave pointers to its memory in what outlives
 * its result other than the catalog objects it adds (those own their
 * statement's memory): catalogs and databases, USE, ALTER, functions. */
static bool keeps_memory(const AstStmt *st) {
    switch (st->kind) {
    case AST_STMT_QUERY:
    case AST_STMT_INSERT:
    case AST_STMT_STATEMENT_SET:
    case AST_STMT_BEGIN_STATEMENT_SET:
    case AST_STMT_END:
    case AST_STMT_SET:
    case AST_STMT_RESET:
    case AST_STMT_EXPLAIN:
    case AST_STMT_CREATE_TABLE:
    case AST_STMT_DROP_TABLE:
    case AST_STMT_CREATE_VIEW:
    case AST_STMT_DROP_VIEW:
    case AST_STMT_SHOW:
    case AST_STMT_DESCRIBE: return false;
    case AST_STMT_EXECUTE: return keeps_memory(st->u.execute.stmt);
    default: return true;
    }
}

eddy_result *eddy_tenv_execute_sql(eddy_tenv *tenv, const char *statement) {
    if (!tenv || !env_ok(tenv->env)) return NULL;
    eddy_env *env = tenv->env;
    /* the statement's memory: its result, iterator and job hold it, and
     * the catalog objects it creates (see Lifetime in api.h) */
    Lifetime *lt = eddy__lt_new(env);
    if (!lt) return NULL;
    Lifetime *outer = eddy__lt_enter(env, lt);
    void *outer_owner = tenv->catalog.owner;
    tenv->catalog.owner = lt;
    SqlExec x;
    AstStmt *st;
    eddy_result *r = NULL;
    if (parse_statement(tenv, statement, "execute_sql", &x, &st) &&
        (st->kind == AST_STMT_SET || st->kind == AST_STMT_RESET || !eddy__store_open(tenv))) {
        r = exec_stmt(&x, st);
        if (r && eddy__store_record(tenv, st, statement)) {
            eddy_result_free(r);
            r = NULL;
        }
        /* kept with the env, whether or not the statement succeeded */
        if (keeps_memory(st)) eddy__lt_ref(lt);
    }
    tenv->catalog.owner = outer_owner;
    eddy__lt_enter(env, outer);
    eddy__lt_unref(env, lt);
    return r;
}

/* ---- statement sets -------------------------------------------------------------------------------- */

struct eddy_statement_set {
    eddy_tenv *tenv;
    ED_VEC(StreamNode *) sinks;
    ED_VEC(const char *) paths;
    ED_VEC(ExplainItem) items; /* for explain() */
};

static void set_release(void *p) {
    eddy_statement_set *ss = p;
    ed_vec_free(&ss->sinks);
    ed_vec_free(&ss->paths);
    ed_vec_free(&ss->items);
}

eddy_statement_set *eddy_tenv_create_statement_set(eddy_tenv *tenv) {
    if (!tenv || !env_ok(tenv->env)) return NULL;
    eddy_env *env = tenv->env;
    eddy_statement_set *ss = eddy__arena_alloc(&env->arena, sizeof *ss);
    if (!ss || !eddy__arena_on_cleanup(&env->arena, set_release, ss)) return eddy__api_nomem(env);
    memset(ss, 0, sizeof *ss);
    ss->tenv = tenv;
    return ss;
}

static eddy_status set_add(eddy_statement_set *ss, StreamNode *sink, const char *path, const ExplainItem *item) {
    if (!ed_vec_push(&ss->sinks, sink) || !ed_vec_push(&ss->paths, path) || !ed_vec_push(&ss->items, *item))
        return eddy__api_err(ss->tenv->env, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

eddy_status eddy_statement_set_add_insert_sql(eddy_statement_set *ss, const char *insert_sql) {
    if (!ss) return EDDY_E_MISUSE;
    eddy_env *env = ss->tenv->env;
    if (env->err.code) return env->err.code;
    if (!insert_sql) return eddy__api_err(env, EDDY_E_MISUSE, "add_insert_sql: the statement is NULL.");
    EdErr err = {0};
    AstStmt *st;
    if (eddy__sql_parse_stmt(env->sa, insert_sql, strlen(insert_sql), &st, &err))
        return eddy__api_sql_err(env, &err);
    if (st->kind != AST_STMT_INSERT)
        return eddy__api_err(env, EDDY_E_TABLE, "Only insert statement is supported now.");
    const char *sql = eddy__arena_strdup(env->sa, insert_sql);
    if (!sql) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    StreamNode *sink;
    const char *path;
    ExplainItem item;
    eddy_status rc = eddy__sqlx_plan_insert(ss->tenv, sql, st, &sink, &path, &item);
    return rc ? rc : set_add(ss, sink, path, &item);
}

eddy_status eddy__sqlx_plan_table_insert(eddy_tenv *tenv, const char *target_path, eddy_table *t, StreamNode **sink,
                                         const char **path, ExplainItem *item) {
    eddy_env *env = tenv->env;
    if (!target_path || !t) return eddy__api_err(env, EDDY_E_MISUSE, "insert: the target path and the table are required.");
    if (t->tenv != tenv)
        return eddy__api_err(env, EDDY_E_MISUSE, "insert: the table belongs to another table environment.");
    const char *q;
    eddy_status rc = eddy__api_qualify(tenv, target_path, &q, NULL);
    if (rc) return rc;
    const TableEntry *te = sink_table(tenv, q);
    if (!te) return env->err.code;
    EdErr err = {0};
    PlanEnv pe;
    eddy__api_plan_env(tenv, &pe);
    InsertSpec ins = {0};
    pe.explain_only = item != NULL;
    const PhysNode *phys;
    if (eddy__plan_insert(&pe, t->rel, te, &ins, sink, &phys, &err)) return eddy__api_take(env, &err);
    *path = q;
    explain_item(item, t->rel, te, q, *sink, phys);
    return EDDY_OK;
}

eddy_status eddy_statement_set_add_insert(eddy_statement_set *ss, const char *target_path, eddy_table *table) {
    if (!ss) return EDDY_E_MISUSE;
    eddy_env *env = ss->tenv->env;
    if (env->err.code) return env->err.code;
    StreamNode *sink;
    const char *path;
    ExplainItem item;
    eddy_status rc = eddy__sqlx_plan_table_insert(ss->tenv, target_path, table, &sink, &path, &item);
    return rc ? rc : set_add(ss, sink, path, &item);
}

eddy_result *eddy_statement_set_execute(eddy_statement_set *ss) {
    if (!ss || !env_ok(ss->tenv->env)) return NULL;
    eddy_env *env = ss->tenv->env;
    if (ss->sinks.len == 0)
        return eddy__api_err(env, EDDY_E_TABLE,
                             "No operators defined in streaming topology. Cannot generate StreamGraph."),
               NULL;
    eddy_result *r = run_inserts(ss->tenv, ss->sinks.items, ss->paths.items, (int)ss->sinks.len);
    ss->sinks.len = ss->paths.len = ss->items.len = 0;
    return r;
}

eddy_status eddy_statement_set_attach_as_datastream(eddy_statement_set *ss) {
    if (!ss) return EDDY_E_MISUSE;
    eddy_env *env = ss->tenv->env;
    if (env->err.code) return env->err.code;
    if (ss->sinks.len == 0)
        return eddy__api_err(env, EDDY_E_TABLE, "No operators defined in streaming topology. Cannot generate StreamGraph.");
    for (size_t i = 0; i < ss->sinks.len; i++)
        if (!ed_vec_push(&env->sinks, ss->sinks.items[i])) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    ss->sinks.len = ss->paths.len = ss->items.len = 0;
    return EDDY_OK;
}

const char *eddy_statement_set_explain(eddy_statement_set *ss, unsigned details) {
    if (!ss || !env_ok(ss->tenv->env)) return NULL;
    if (ss->items.len == 0)
        return eddy__api_err(ss->tenv->env, EDDY_E_TABLE,
                             "No operators defined in streaming topology. Cannot generate StreamGraph."),
               NULL;
    return eddy__sqlx_explain(ss->tenv, ss->items.items, (int)ss->items.len, details);
}

eddy_result *eddy_table_execute_insert(eddy_table *t, const char *target_path) {
    if (!t || !env_ok(t->tenv->env)) return NULL;
    StreamNode *sink;
    const char *path;
    if (eddy__sqlx_plan_table_insert(t->tenv, target_path, t, &sink, &path, NULL)) return NULL;
    return run_inserts(t->tenv, &sink, &path, 1);
}
