/*
 * parser_ddl.c -- CREATE, DROP and ALTER statements of Flink SQL: tables
 * (physical, computed and metadata columns, constraints, watermarks,
 * COMMENT, PARTITIONED BY, WITH options, LIKE with its options, CTAS and
 * REPLACE TABLE .. AS), views, functions, catalogs and databases.
 */
#define EDDY_SQL_PARSER_INTERNAL
#include "sql/parser.h"

static bool if_not_exists(SqlParser *p) {
    if (p_is_kw(p, 0, KW_IF) && p_is_kw(p, 1, KW_NOT) && p_is_kw(p, 2, KW_EXISTS)) {
        p->pos += 3;
        return true;
    }
    eddy__sql_p_at_kw(p, KW_IF);
    return false;
}

static bool if_exists(SqlParser *p) {
    if (p_is_kw(p, 0, KW_IF) && p_is_kw(p, 1, KW_EXISTS)) {
        p->pos += 2;
        return true;
    }
    eddy__sql_p_at_kw(p, KW_IF);
    return false;
}

/* COMMENT 'text' when present; *ok false on error. */
static const char *opt_comment(SqlParser *p, bool *ok) {
    *ok = true;
    if (!eddy__sql_p_accept_kw(p, KW_COMMENT)) return NULL;
    const char *c = eddy__sql_p_string(p, NULL);
    if (!c) *ok = false;
    return c;
}

static bool string_keys(SqlParser *p, const char ***out, int *n) {
    PList l = {0};
    if (!eddy__sql_p_expect(p, TK_LPAREN)) return false;
    if (!p_is(p, 0, TK_RPAREN)) {
        do {
            const char *k = eddy__sql_p_string(p, NULL);
            if (!k || !eddy__sql_p_push(p, &l, (void *)k)) return false;
        } while (eddy__sql_p_accept(p, TK_COMMA));
    } else {
        eddy__sql_p_at(p, TK_STRING);
    }
    if (!eddy__sql_p_expect(p, TK_RPAREN)) return false;
    *out = (const char **)l.items;
    *n = l.len;
    return true;
}

/* ---- table schema elements --------------------------------------------------- */

/* [CONSTRAINT name] PRIMARY KEY | UNIQUE; then the column list for a table
 * constraint; then [NOT] ENFORCED. */
static AstConstraint *constraint(SqlParser *p, bool table_level) {
    int first = p->pos;
    AstConstraint *c = eddy__sql_p_alloc(p, sizeof *c);
    if (!c) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_CONSTRAINT)) {
        if (!(c->name = eddy__sql_p_ident_new(p))) return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_PRIMARY)) {
        if (!eddy__sql_p_expect_kw(p, KW_KEY)) return NULL;
    } else if (eddy__sql_p_accept_kw(p, KW_UNIQUE)) {
        c->unique = true;
    } else {
        return eddy__sql_p_fail(p);
    }
    if (table_level) {
        c->table_level = true;
        if (!eddy__sql_p_ident_list(p, &c->columns, &c->ncolumns)) return NULL;
    }
    if (p_is_kw(p, 0, KW_NOT) && p_is_kw(p, 1, KW_ENFORCED)) {
        p->pos += 2;
        c->enforced = 2;
    } else if (eddy__sql_p_accept_kw(p, KW_ENFORCED)) {
        c->enforced = 1;
    } else {
        eddy__sql_p_at_kw(p, KW_NOT);
    }
    c->pos = eddy__sql_p_span_from(p, first);
    return c;
}

static AstWatermark *watermark(SqlParser *p) {
    int first = p->pos;
    AstWatermark *w = eddy__sql_p_alloc(p, sizeof *w);
    if (!w || !eddy__sql_p_expect_kw(p, KW_WATERMARK) || !eddy__sql_p_expect_kw(p, KW_FOR) ||
        !eddy__sql_p_name(p, &w->column) || !eddy__sql_p_expect_kw(p, KW_AS) || !(w->expr = eddy__sql_p_expr(p)))
        return NULL;
    w->pos = eddy__sql_p_span_from(p, first);
    return w;
}

/* column_name (AS expr | type [METADATA ..] [constraint]) [COMMENT '..']
 * [FIRST | AFTER col] (the position only when `positions`). */
static AstColumn *column(SqlParser *p, bool positions) {
    int first = p->pos;
    AstColumn *c = eddy__sql_p_alloc(p, sizeof *c);
    bool ok;
    if (!c || !eddy__sql_p_ident(p, &c->name)) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_AS)) {
        c->kind = AST_COL_COMPUTED;
        if (!(c->expr = eddy__sql_p_expr(p))) return NULL;
    } else {
        c->kind = AST_COL_PHYSICAL;
        if (!(c->type = eddy__sql_p_type(p, &c->type_pos, true))) return NULL;
        if (eddy__sql_p_accept_kw(p, KW_METADATA)) {
            c->kind = AST_COL_METADATA;
            if (eddy__sql_p_accept_kw(p, KW_FROM)) {
                c->has_metadata_key = true;
                if (!(c->metadata_key = eddy__sql_p_string(p, NULL))) return NULL;
            }
            if (eddy__sql_p_accept_kw(p, KW_VIRTUAL)) c->is_virtual = true;
        } else if (eddy__sql_p_at_kw(p, KW_CONSTRAINT) || eddy__sql_p_at_kw(p, KW_PRIMARY) ||
                   eddy__sql_p_at_kw(p, KW_UNIQUE)) {
            if (!(c->constraint = constraint(p, false))) return NULL;
            c->constraint->columns = eddy__sql_p_alloc(p, sizeof(AstIdent *));
            if (!c->constraint->columns) return NULL;
            c->constraint->columns[0] = &c->name;
            c->constraint->ncolumns = 1;
        }
    }
    c->comment = opt_comment(p, &ok);
    if (!ok) return NULL;
    if (positions) {
        if (eddy__sql_p_accept_kw(p, KW_FIRST)) {
            c->position = 1;
        } else if (eddy__sql_p_accept_kw(p, KW_AFTER)) {
            c->position = 2;
            if (!eddy__sql_p_ident(p, &c->after)) return NULL;
        }
    }
    c->pos = eddy__sql_p_span_from(p, first);
    return c;
}

/* One schema component into the lists of `s`. */
static bool schema_item(SqlParser *p, PList *cols, PList *cons, PList *wms, bool positions) {
    if (p_is_kw(p, 0, KW_CONSTRAINT) || p_is_kw(p, 0, KW_PRIMARY) || p_is_kw(p, 0, KW_UNIQUE)) {
        AstConstraint *c = constraint(p, true);
        return c && eddy__sql_p_push(p, cons, c);
    }
    if (p_is_kw(p, 0, KW_WATERMARK)) {
        AstWatermark *w = watermark(p);
        return w && eddy__sql_p_push(p, wms, w);
    }
    eddy__sql_p_at_kw(p, KW_CONSTRAINT);
    eddy__sql_p_at_kw(p, KW_PRIMARY);
    eddy__sql_p_at_kw(p, KW_UNIQUE);
    eddy__sql_p_at_kw(p, KW_WATERMARK);
    AstColumn *c = column(p, positions);
    return c && eddy__sql_p_push(p, cols, c);
}

static void schema_set(AstSchema *s, PList *cols, PList *cons, PList *wms) {
    s->columns = (AstColumn **)cols->items;
    s->ncolumns = cols->len;
    s->constraints = (AstConstraint **)cons->items;
    s->nconstraints = cons->len;
    s->watermarks = (AstWatermark **)wms->items;
    s->nwatermarks = wms->len;
}

/* ( item, item, ... ) */
static bool schema_list(SqlParser *p, AstSchema *s, bool positions, bool one_watermark) {
    PList cols = {0}, cons = {0}, wms = {0};
    if (!eddy__sql_p_expect(p, TK_LPAREN)) return false;
    do {
        int before = wms.len;
        const Token *t = p_cur(p);
        if (!schema_item(p, &cols, &cons, &wms, positions)) return false;
        if (one_watermark && before == 1 && wms.len == 2) {
            eddy__sql_p_fail_msg(p, t, "Multiple WATERMARK statements is not supported yet.");
            return false;
        }
    } while (eddy__sql_p_accept(p, TK_COMMA));
    if (!eddy__sql_p_expect(p, TK_RPAREN)) return false;
    schema_set(s, &cols, &cons, &wms);
    return true;
}

static bool like_options(SqlParser *p, AstLikeOption ***out, int *n) {
    PList l = {0};
    if (!eddy__sql_p_expect(p, TK_LPAREN)) return false;
    do {
        int first = p->pos;
        AstLikeOption *o = eddy__sql_p_alloc(p, sizeof *o);
        if (!o) return false;
        if (eddy__sql_p_accept_kw(p, KW_INCLUDING)) o->mode = AST_LIKE_INCLUDING;
        else if (eddy__sql_p_accept_kw(p, KW_EXCLUDING)) o->mode = AST_LIKE_EXCLUDING;
        else if (eddy__sql_p_accept_kw(p, KW_OVERWRITING)) o->mode = AST_LIKE_OVERWRITING;
        else return eddy__sql_p_fail(p);
        static const struct {
            SqlKw kw;
            AstLikeFeature f;
        } feats[] = {{KW_ALL, AST_LIKE_ALL},         {KW_CONSTRAINTS, AST_LIKE_CONSTRAINTS},
                     {KW_GENERATED, AST_LIKE_GENERATED}, {KW_OPTIONS, AST_LIKE_OPTIONS},
                     {KW_PARTITIONS, AST_LIKE_PARTITIONS}, {KW_WATERMARKS, AST_LIKE_WATERMARKS}};
        bool found = false;
        for (size_t i = 0; i < ED_ARRAY_LEN(feats) && !found; i++) {
            if (eddy__sql_p_accept_kw(p, feats[i].kw)) {
                o->feature = feats[i].f;
                found = true;
            }
        }
        if (!found) return eddy__sql_p_fail(p);
        o->pos = eddy__sql_p_span_from(p, first);
        if (!eddy__sql_p_push(p, &l, o)) return false;
        eddy__sql_p_accept(p, TK_COMMA);
    } while (!eddy__sql_p_accept(p, TK_RPAREN));
    *out = (AstLikeOption **)l.items;
    *n = l.len;
    return true;
}

static AstStmt *create_table(SqlParser *p, int first, bool temporary, bool or_replace, bool replace) {
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_CREATE_TABLE, first);
    if (!s || !eddy__sql_p_expect_kw(p, KW_TABLE)) return NULL;
    s->u.create_table.temporary = temporary;
    s->u.create_table.or_replace = or_replace;
    s->u.create_table.replace = replace;
    s->u.create_table.if_not_exists = if_not_exists(p);
    if (!eddy__sql_p_name(p, &s->u.create_table.name)) return NULL;
    if (p_is(p, 0, TK_LPAREN)) {
        s->u.create_table.has_schema = true;
        if (!schema_list(p, &s->u.create_table.schema, false, true)) return NULL;
    }
    bool ok;
    s->u.create_table.comment = opt_comment(p, &ok);
    if (!ok) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_PARTITIONED)) {
        if (!eddy__sql_p_expect_kw(p, KW_BY) ||
            !eddy__sql_p_ident_list(p, &s->u.create_table.partitioned_by, &s->u.create_table.npartitioned_by))
            return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_WITH)) {
        s->u.create_table.has_with = true;
        if (!eddy__sql_p_properties(p, &s->u.create_table.props, &s->u.create_table.nprops)) return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_LIKE)) {
        s->u.create_table.has_like = true;
        if (!eddy__sql_p_name(p, &s->u.create_table.like)) return NULL;
        if (p_is(p, 0, TK_LPAREN) &&
            !like_options(p, &s->u.create_table.like_options, &s->u.create_table.nlike_options))
            return NULL;
    } else if (eddy__sql_p_accept_kw(p, KW_AS)) {
        if (!(s->u.create_table.as_query = eddy__sql_p_query(p))) return NULL;
    } else if (replace) {
        eddy__sql_p_expect_kw(p, KW_AS);
        return NULL;
    }
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* CREATE MATERIALIZED TABLE name [COMMENT '..'] [PARTITIONED BY (..)] [WITH (..)]
 * [FRESHNESS = INTERVAL '<n>' <unit>] [REFRESH_MODE = CONTINUOUS | FULL] AS query
 * (at TABLE; Flink's SqlCreateOrAlterMaterializedTable without a column list,
 * DISTRIBUTED BY and START_MODE). */
static AstStmt *create_materialized_table(SqlParser *p, int first) {
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_CREATE_TABLE, first);
    if (!s || !eddy__sql_p_expect_kw(p, KW_TABLE)) return NULL;
    struct AstCreateTable *ct = &s->u.create_table;
    ct->materialized = true;
    if (!eddy__sql_p_name(p, &ct->name)) return NULL;
    bool ok;
    ct->comment = opt_comment(p, &ok);
    if (!ok) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_PARTITIONED)) {
        if (!eddy__sql_p_expect_kw(p, KW_BY) || !eddy__sql_p_ident_list(p, &ct->partitioned_by, &ct->npartitioned_by))
            return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_WITH)) {
        ct->has_with = true;
        if (!eddy__sql_p_properties(p, &ct->props, &ct->nprops)) return NULL;
    }
    const Token *t = p_cur(p);
    if (t->kind == TK_IDENT && eddy__sql_p_word_is(t, p, "FRESHNESS")) {
        p->pos++;
        if (!eddy__sql_p_expect(p, TK_EQ)) return NULL;
        const Token *at = p_cur(p);
        AstExpr *e = eddy__sql_p_expr(p);
        if (!e) return NULL;
        if (e->kind != AST_INTERVAL || !e->u.interval.value || e->u.interval.to != AST_TU_NONE)
            return eddy__sql_p_fail_msg(p, at,
                                        "MATERIALIZED TABLE only supports define interval type FRESHNESS, please refer "
                                        "to the materialized table document.");
        ct->freshness = e->u.interval.value;
        if (e->u.interval.sign < 0) {
            size_t n = strlen(e->u.interval.value);
            char *v = eddy__sql_p_alloc(p, n + 2);
            if (!v) return NULL;
            v[0] = '-';
            memcpy(v + 1, e->u.interval.value, n + 1);
            ct->freshness = v;
        }
        ct->freshness_unit = e->u.interval.from;
        ct->freshness_pos = e->pos;
    }
    t = p_cur(p);
    if (t->kind == TK_IDENT && eddy__sql_p_word_is(t, p, "REFRESH_MODE")) {
        p->pos++;
        if (!eddy__sql_p_expect(p, TK_EQ)) return NULL;
        t = p_cur(p);
        if (t->kind == TK_IDENT && eddy__sql_p_word_is(t, p, "CONTINUOUS")) ct->refresh_mode = 1;
        else if (t->kind == TK_IDENT && t->kw == KW_FULL) ct->refresh_mode = 2;
        else return eddy__sql_p_fail(p);
        p->pos++;
    }
    if (!eddy__sql_p_expect_kw(p, KW_AS)) return NULL;
    if (!(ct->as_query = eddy__sql_p_query(p))) return NULL;
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

static bool at_materialized(SqlParser *p) {
    const Token *t = p_cur(p);
    return t->kind == TK_IDENT && t->kw == KW_NONE && eddy__sql_p_word_is(t, p, "MATERIALIZED") &&
           p_is_kw(p, 1, KW_TABLE);
}

static AstStmt *create_view(SqlParser *p, int first, bool temporary, bool system, bool or_replace) {
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_CREATE_VIEW, first);
    if (!s || !eddy__sql_p_expect_kw(p, KW_VIEW)) return NULL;
    s->u.create_view.temporary = temporary;
    s->u.create_view.system = system;
    s->u.create_view.or_replace = or_replace;
    s->u.create_view.if_not_exists = if_not_exists(p);
    if (!eddy__sql_p_name(p, &s->u.create_view.name)) return NULL;
    if (p_is(p, 0, TK_LPAREN) && !eddy__sql_p_ident_list(p, &s->u.create_view.columns, &s->u.create_view.ncolumns))
        return NULL;
    bool ok;
    s->u.create_view.comment = opt_comment(p, &ok);
    if (!ok || !eddy__sql_p_expect_kw(p, KW_AS) || !(s->u.create_view.query = eddy__sql_p_query(p))) return NULL;
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* AS 'class' [LANGUAGE ..] [USING JAR '..' [, JAR '..']] for CREATE / ALTER FUNCTION */
static bool function_body(SqlParser *p, AstStmt *s, bool using_allowed) {
    if (!eddy__sql_p_expect_kw(p, KW_AS) || !(s->u.function.class_name = eddy__sql_p_string(p, NULL))) return false;
    if (eddy__sql_p_accept_kw(p, KW_LANGUAGE)) {
        static const char *const langs[] = {"JAVA", "SCALA", "PYTHON", "SQL", "C"};
        const Token *t = p_cur(p);
        for (size_t i = 0; i < ED_ARRAY_LEN(langs); i++) {
            if (eddy__sql_p_word_is(t, p, langs[i])) {
                s->u.function.language = langs[i];
                p->pos++;
                break;
            }
        }
        if (!s->u.function.language) {
            eddy__sql_p_at_kw(p, KW_JAVA);
            eddy__sql_p_at_kw(p, KW_PYTHON);
            eddy__sql_p_at_kw(p, KW_SCALA);
            eddy__sql_p_at_kw(p, KW_SQL);
            eddy__sql_p_fail(p);
            return false;
        }
    }
    if (using_allowed && eddy__sql_p_accept_kw(p, KW_USING)) {
        PList l = {0};
        do {
            if (!eddy__sql_p_expect_kw(p, KW_JAR)) return false;
            const char *j = eddy__sql_p_string(p, NULL);
            if (!j || !eddy__sql_p_push(p, &l, (void *)j)) return false;
        } while (eddy__sql_p_accept(p, TK_COMMA));
        s->u.function.jars = (const char **)l.items;
        s->u.function.njars = l.len;
    }
    return true;
}

static AstStmt *create_function(SqlParser *p, int first, bool temporary, bool system, bool or_replace) {
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_CREATE_FUNCTION, first);
    if (!s || !eddy__sql_p_expect_kw(p, KW_FUNCTION)) return NULL;
    s->u.function.temporary = temporary;
    s->u.function.system = system;
    s->u.function.or_replace = or_replace;
    s->u.function.if_not_exists = if_not_exists(p);
    if (!eddy__sql_p_name(p, &s->u.function.name) || !function_body(p, s, true)) return NULL;
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* CREATE CATALOG / DATABASE name [COMMENT ..] [WITH (..)] */
static AstStmt *create_object(SqlParser *p, int first, AstStmtKind kind) {
    AstStmt *s = eddy__sql_p_new_stmt(p, kind, first);
    if (!s) return NULL;
    p->pos++;
    s->u.object.if_not_exists = if_not_exists(p);
    /* a catalog name is a simple identifier, a database name may be qualified */
    if (!(kind == AST_STMT_CREATE_CATALOG ? eddy__sql_p_simple_name(p, &s->u.object.name)
                                          : eddy__sql_p_name(p, &s->u.object.name)))
        return NULL;
    bool ok;
    s->u.object.comment = opt_comment(p, &ok);
    if (!ok) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_WITH)) {
        s->u.object.has_with = true;
        if (!eddy__sql_p_properties(p, &s->u.object.props, &s->u.object.nprops)) return NULL;
    }
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

AstStmt *eddy__sql_p_create(SqlParser *p) {
    int first = p->pos;
    bool or_replace = false, temporary = false, system = false;
    if (eddy__sql_p_accept_kw(p, KW_REPLACE)) return create_table(p, first, false, false, true);
    if (!eddy__sql_p_expect_kw(p, KW_CREATE)) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_OR)) {
        if (!eddy__sql_p_expect_kw(p, KW_REPLACE)) return NULL;
        or_replace = true;
    }
    if (eddy__sql_p_accept_kw(p, KW_TEMPORARY)) {
        temporary = true;
        if (eddy__sql_p_accept_kw(p, KW_SYSTEM)) system = true;
    }
    if (p_is_kw(p, 0, KW_TABLE) && !system) return create_table(p, first, temporary, or_replace, false);
    if (at_materialized(p) && !system) {
        if (temporary) return eddy__sql_p_fail_msg(p, p_cur(p), "CREATE TEMPORARY MATERIALIZED TABLE is not supported.");
        if (or_replace) return eddy__sql_p_fail_msg(p, p_cur(p), "REPLACE MATERIALIZED TABLE is not supported.");
        p->pos++;
        return create_materialized_table(p, first);
    }
    if (p_is_kw(p, 0, KW_VIEW)) return create_view(p, first, temporary, system, or_replace);
    if (p_is_kw(p, 0, KW_FUNCTION)) return create_function(p, first, temporary, system, or_replace);
    if (!temporary && !or_replace) {
        if (p_is_kw(p, 0, KW_CATALOG)) return create_object(p, first, AST_STMT_CREATE_CATALOG);
        if (p_is_kw(p, 0, KW_DATABASE)) return create_object(p, first, AST_STMT_CREATE_DATABASE);
        eddy__sql_p_at_kw(p, KW_CATALOG);
        eddy__sql_p_at_kw(p, KW_DATABASE);
        eddy__sql_p_at_kw(p, KW_TEMPORARY);
        if (!or_replace) eddy__sql_p_at_kw(p, KW_OR);
    }
    if (!system) eddy__sql_p_at_kw(p, KW_TABLE);
    if (temporary && !system) eddy__sql_p_at_kw(p, KW_SYSTEM);
    eddy__sql_p_at_kw(p, KW_VIEW);
    eddy__sql_p_at_kw(p, KW_FUNCTION);
    return eddy__sql_p_fail(p);
}

AstStmt *eddy__sql_p_drop(SqlParser *p) {
    int first = p->pos;
    if (!eddy__sql_p_expect_kw(p, KW_DROP)) return NULL;
    bool temporary = false, system = false;
    if (eddy__sql_p_accept_kw(p, KW_TEMPORARY)) {
        temporary = true;
        if (eddy__sql_p_accept_kw(p, KW_SYSTEM)) system = true;
    }
    AstStmtKind kind;
    bool materialized = false;
    if (!system && at_materialized(p)) {
        if (temporary) return eddy__sql_p_fail_msg(p, p_cur(p), "DROP TEMPORARY MATERIALIZED TABLE is not supported.");
        p->pos++;
        materialized = true;
    }
    if (!system && eddy__sql_p_accept_kw(p, KW_TABLE)) kind = AST_STMT_DROP_TABLE;
    else if (!system && eddy__sql_p_accept_kw(p, KW_VIEW)) kind = AST_STMT_DROP_VIEW;
    else if (eddy__sql_p_accept_kw(p, KW_FUNCTION)) kind = AST_STMT_DROP_FUNCTION;
    else if (!temporary && eddy__sql_p_accept_kw(p, KW_CATALOG)) kind = AST_STMT_DROP_CATALOG;
    else if (!temporary && eddy__sql_p_accept_kw(p, KW_DATABASE)) kind = AST_STMT_DROP_DATABASE;
    else {
        if (!temporary) eddy__sql_p_at_kw(p, KW_TEMPORARY);
        if (temporary && !system) eddy__sql_p_at_kw(p, KW_SYSTEM);
        return eddy__sql_p_fail(p);
    }
    AstStmt *s = eddy__sql_p_new_stmt(p, kind, first);
    if (!s) return NULL;
    s->u.drop.temporary = temporary;
    s->u.drop.system = system;
    s->u.drop.materialized = materialized;
    s->u.drop.if_exists = if_exists(p);
    if (!eddy__sql_p_name(p, &s->u.drop.name)) return NULL;
    if (kind == AST_STMT_DROP_DATABASE) {
        if (eddy__sql_p_accept_kw(p, KW_RESTRICT)) s->u.drop.drop_behavior = 1;
        else if (eddy__sql_p_accept_kw(p, KW_CASCADE)) s->u.drop.drop_behavior = 2;
    }
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* ---- ALTER -------------------------------------------------------------------- */

static AstStmt *alter_table(SqlParser *p, int first) {
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_ALTER_TABLE, first);
    if (!s || !eddy__sql_p_expect_kw(p, KW_TABLE)) return NULL;
    s->u.alter_table.if_exists = if_exists(p);
    if (!eddy__sql_p_name(p, &s->u.alter_table.name)) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_RENAME)) {
        if (eddy__sql_p_accept_kw(p, KW_TO)) {
            s->u.alter_table.action = AST_ALTER_TABLE_RENAME;
            if (!eddy__sql_p_name(p, &s->u.alter_table.new_name)) return NULL;
        } else {
            s->u.alter_table.action = AST_ALTER_TABLE_RENAME_COLUMN;
            if (!eddy__sql_p_name(p, &s->u.alter_table.old_column) || !eddy__sql_p_expect_kw(p, KW_TO) ||
                !eddy__sql_p_ident(p, &s->u.alter_table.new_column))
                return NULL;
        }
    } else if (eddy__sql_p_accept_kw(p, KW_SET)) {
        s->u.alter_table.action = AST_ALTER_TABLE_SET;
        if (!eddy__sql_p_properties(p, &s->u.alter_table.props, &s->u.alter_table.nprops)) return NULL;
    } else if (eddy__sql_p_accept_kw(p, KW_RESET)) {
        s->u.alter_table.action = AST_ALTER_TABLE_RESET;
        if (!string_keys(p, &s->u.alter_table.keys, &s->u.alter_table.nkeys)) return NULL;
    } else if (eddy__sql_p_at_kw(p, KW_ADD) || eddy__sql_p_at_kw(p, KW_MODIFY)) {
        s->u.alter_table.action = p_cur(p)->kw == KW_ADD ? AST_ALTER_TABLE_ADD : AST_ALTER_TABLE_MODIFY;
        p->pos++;
        if (p_is(p, 0, TK_LPAREN)) {
            s->u.alter_table.parens = true;
            if (!schema_list(p, &s->u.alter_table.schema, true, false)) return NULL;
        } else {
            PList cols = {0}, cons = {0}, wms = {0};
            if (!schema_item(p, &cols, &cons, &wms, true)) return NULL;
            schema_set(&s->u.alter_table.schema, &cols, &cons, &wms);
        }
    } else if (eddy__sql_p_accept_kw(p, KW_DROP)) {
        if (p_is_kw(p, 0, KW_PRIMARY)) {
            p->pos++;
            if (!eddy__sql_p_expect_kw(p, KW_KEY)) return NULL;
            s->u.alter_table.action = AST_ALTER_TABLE_DROP_PRIMARY_KEY;
        } else if (eddy__sql_p_accept_kw(p, KW_CONSTRAINT)) {
            s->u.alter_table.action = AST_ALTER_TABLE_DROP_CONSTRAINT;
            if (!eddy__sql_p_ident(p, &s->u.alter_table.constraint)) return NULL;
        } else if (eddy__sql_p_accept_kw(p, KW_WATERMARK)) {
            s->u.alter_table.action = AST_ALTER_TABLE_DROP_WATERMARK;
        } else {
            eddy__sql_p_at_kw(p, KW_PRIMARY);
            s->u.alter_table.action = AST_ALTER_TABLE_DROP_COLUMNS;
            PList l = {0};
            bool par = eddy__sql_p_accept(p, TK_LPAREN);
            s->u.alter_table.parens = par;
            do {
                AstName *nm = eddy__sql_p_alloc(p, sizeof *nm);
                if (!nm || !eddy__sql_p_name(p, nm) || !eddy__sql_p_push(p, &l, nm)) return NULL;
            } while (par && eddy__sql_p_accept(p, TK_COMMA));
            if (par && !eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
            s->u.alter_table.columns = (AstName **)l.items;
            s->u.alter_table.ncolumns = l.len;
        }
    } else {
        return eddy__sql_p_fail(p);
    }
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

AstStmt *eddy__sql_p_alter(SqlParser *p) {
    int first = p->pos;
    if (!eddy__sql_p_expect_kw(p, KW_ALTER)) return NULL;
    if (p_is_kw(p, 0, KW_TABLE)) return alter_table(p, first);
    AstStmt *s;
    if (eddy__sql_p_accept_kw(p, KW_VIEW)) {
        if (!(s = eddy__sql_p_new_stmt(p, AST_STMT_ALTER_VIEW, first)) || !eddy__sql_p_name(p, &s->u.alter_view.name))
            return NULL;
        if (eddy__sql_p_accept_kw(p, KW_RENAME)) {
            if (!eddy__sql_p_expect_kw(p, KW_TO) || !eddy__sql_p_name(p, &s->u.alter_view.new_name)) return NULL;
        } else if (eddy__sql_p_expect_kw(p, KW_AS)) {
            if (!(s->u.alter_view.query = eddy__sql_p_query(p))) return NULL;
        } else {
            return NULL;
        }
    } else if (p_is_kw(p, 0, KW_DATABASE) || p_is_kw(p, 0, KW_CATALOG)) {
        bool db = p_is_kw(p, 0, KW_DATABASE);
        p->pos++;
        if (!(s = eddy__sql_p_new_stmt(p, db ? AST_STMT_ALTER_DATABASE : AST_STMT_ALTER_CATALOG, first)) ||
            !eddy__sql_p_name(p, &s->u.object.name))
            return NULL;
        if (!db && eddy__sql_p_accept_kw(p, KW_RESET)) {
            s->u.object.reset = true;
            if (!string_keys(p, &s->u.object.keys, &s->u.object.nkeys)) return NULL;
        } else if (!db && p_is_kw(p, 0, KW_COMMENT)) {
            bool ok;
            s->u.object.comment = opt_comment(p, &ok);
            if (!ok) return NULL;
        } else {
            if (!eddy__sql_p_expect_kw(p, KW_SET) || !eddy__sql_p_properties(p, &s->u.object.props, &s->u.object.nprops))
                return NULL;
        }
    } else if (p_is_kw(p, 0, KW_FUNCTION) || p_is_kw(p, 0, KW_TEMPORARY)) {
        if (!(s = eddy__sql_p_new_stmt(p, AST_STMT_ALTER_FUNCTION, first))) return NULL;
        if (eddy__sql_p_accept_kw(p, KW_TEMPORARY)) {
            s->u.function.temporary = true;
            if (eddy__sql_p_accept_kw(p, KW_SYSTEM)) s->u.function.system = true;
        }
        if (!eddy__sql_p_expect_kw(p, KW_FUNCTION)) return NULL;
        s->u.function.if_exists = if_exists(p);
        if (!eddy__sql_p_name(p, &s->u.function.name) || !function_body(p, s, false)) return NULL;
    } else {
        eddy__sql_p_at_kw(p, KW_TABLE);
        eddy__sql_p_at_kw(p, KW_VIEW);
        eddy__sql_p_at_kw(p, KW_DATABASE);
        eddy__sql_p_at_kw(p, KW_CATALOG);
        eddy__sql_p_at_kw(p, KW_FUNCTION);
        eddy__sql_p_at_kw(p, KW_TEMPORARY);
        return eddy__sql_p_fail(p);
    }
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}
