/*
 * schema_resolve.c -- computed columns, watermarks and primary keys of a
 * table schema, with Flink's checks and messages (DefaultSchemaResolver).
 * Shared by fromDataStream and CREATE TABLE; see schema_int.h.
 */
#include "plan/schema_int.h"
#include "sql/parser.h"

static void list_names(Buf *b, const OutCol *cols, int n) {
    eddy__buf_putc(b, '[');
    for (int i = 0; i < n; i++) {
        if (i) eddy__buf_puts(b, ", ");
        eddy__buf_puts(b, cols[i].name);
    }
    eddy__buf_putc(b, ']');
}

static int col_index(const OutCols *c, const char *name) {
    for (size_t i = 0; i < c->len; i++)
        if (strcmp(c->items[i].name, name) == 0) return (int)i;
    return -1;
}

/* Parses and binds an expression of the schema over `cols` (names/types);
 * errors become "<what>" with the cause after it. */
static eddy_status bind_text(const BindEnv *be, const char *text, int n, const char *const *names,
                             const Type *const *types, Expr **out, const char *what, EdErr *err) {
    EdErr cause = {0};
    AstExpr *ast;
    eddy_status rc = eddy__sql_parse_expr(be->a, text, strlen(text), &ast, &cause);
    if (!rc) {
        BindCols bc = {n, names, types};
        BindEnv b2 = *be;
        b2.sql = text;
        rc = eddy__bind_expr(&b2, &bc, ast, out, &cause);
    }
    if (rc) {
        if (rc == EDDY_E_NOMEM) {
            eddy__err_move(err, &cause);
            return rc;
        }
        eddy__err(err, EDDY_E_VALIDATION, "%s\nCaused by: %s", what, cause.msg ? cause.msg : eddy_status_str(rc));
        eddy__err_clear(&cause);
        return EDDY_E_VALIDATION;
    }
    return EDDY_OK;
}

static bool is_source_watermark(const BindEnv *be, const char *text) {
    EdErr e = {0};
    AstExpr *ast;
    bool r = false;
    if (eddy__sql_parse_expr(be->a, text, strlen(text), &ast, &e) == EDDY_OK)
        r = ast->kind == AST_CALL && eddy__str_ieq(ast->u.call.name, "SOURCE_WATERMARK") && ast->u.call.nargs == 0;
    eddy__err_clear(&e);
    return r;
}

static bool wm_time_type(const Type *t) { return eddy__type_is_timestamp(t) && t->precision <= 3; }

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

eddy_status eddy__schema_resolve(const BindEnv *be, OutCols *cols_in, const SchemaSpec *spec, bool pk_not_null,
                                 bool reorder, Resolved *res, EdErr *err) {
    Arena *a = be->a;
    OutCols cols = *cols_in;
    eddy_status rc = EDDY_OK;
    int nparts = spec ? spec->n : 0;
    const SpecPart *pk = NULL, *wm = NULL;
    for (int i = 0; i < nparts; i++) {
        if (spec->parts[i].kind == SPEC_PK) pk = &spec->parts[i];
        if (spec->parts[i].kind == SPEC_WATERMARK) {
            if (wm) return eddy__err(err, EDDY_E_VALIDATION, "Multiple watermark definitions are not supported yet.");
            wm = &spec->parts[i];
        }
    }
    /* duplicate names */
    for (size_t i = 0; i < cols.len; i++)
        for (size_t k = 0; k < i; k++)
            if (strcmp(cols.items[i].name, cols.items[k].name) == 0) {
                rc = eddy__err(err, EDDY_E_VALIDATION,
                               "Schema must not contain duplicate column names. Found duplicates: [%s]",
                               cols.items[i].name);
                goto done;
            }

    /* primary key columns of derived physical columns become NOT NULL */
    if (pk && pk_not_null)
        for (int k = 0; k < pk->ncols; k++) {
            int ci = col_index(&cols, pk->cols[k]);
            if (ci >= 0 && cols.items[ci].kind == COL_PHYSICAL)
                cols.items[ci].type = eddy__type_with_nullable(a, cols.items[ci].type, false);
        }

    /* computed columns: bound over the physical and metadata columns */
    {
        int n = (int)cols.len;
        const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 1));
        const Type **types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(n + 1));
        const Expr **repl = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(n + 1));
        int m = 0;
        if (!names || !types || !repl) {
            rc = NOMEM();
            goto done;
        }
        for (int i = 0; i < n; i++)
            if (cols.items[i].kind != COL_COMPUTED) {
                names[m] = cols.items[i].name;
                types[m] = cols.items[i].type;
                repl[m] = cols.items[i].expr;
                m++;
            }
        for (int i = 0; i < n; i++) {
            OutCol *c = &cols.items[i];
            if (c->kind != COL_COMPUTED) continue;
            Expr *x;
            char *what = eddy__arena_printf(a, "Invalid expression for computed column '%s'.", c->name);
            if ((rc = bind_text(be, c->part->expr, m, names, types, &x, what, err))) goto done;
            c->type = x->type;
            c->expr = eddy__expr_subst(a, x, repl, m);
            if (!c->expr) {
                rc = NOMEM();
                goto done;
            }
        }
    }

    /* the watermark */
    Expr *wm_expr = NULL;
    bool source_wm = false;
    const Type *wm_type = NULL;
    int wm_col = -1;
    if (wm) {
        wm_col = col_index(&cols, wm->name);
        if (wm_col < 0) {
            Buf b;
            eddy__buf_init(&b);
            list_names(&b, cols.items, (int)cols.len);
            rc = eddy__err(err, EDDY_E_VALIDATION,
                           "Invalid column name '%s' for rowtime attribute in watermark declaration. Available columns "
                           "are: %s",
                           wm->name, eddy__buf_cstr(&b));
            eddy__buf_free(&b);
            goto done;
        }
        const Type *ct = cols.items[wm_col].type;
        if (ct->timeattr == TA_PROCTIME) {
            rc = eddy__err(err, EDDY_E_VALIDATION, "A watermark can not be defined for a processing-time attribute.");
            goto done;
        }
        if (!wm_time_type(ct)) {
            rc = eddy__err(err, EDDY_E_VALIDATION,
                           "Invalid data type of time field for watermark definition. The field must be of type "
                           "TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the time "
                           "field type is %s",
                           eddy__type_str(a, eddy__type_with_nullable(a, ct, true)));
            goto done;
        }
        if (is_source_watermark(be, wm->expr)) {
            source_wm = true;
            wm_type = eddy__type_with_timeattr(a, ct, TA_NONE);
        } else {
            int n = (int)cols.len;
            const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)n);
            const Type **types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)n);
            if (!names || !types) {
                rc = NOMEM();
                goto done;
            }
            for (int i = 0; i < n; i++) {
                names[i] = cols.items[i].name;
                types[i] = cols.items[i].type;
            }
            Buf wb;
            eddy__buf_init(&wb);
            eddy__buf_puts(&wb, "Invalid expression for watermark 'WATERMARK FOR ");
            eddy__print_ident(&wb, wm->name);
            eddy__buf_printf(&wb, " AS %s'.", wm->expr);
            const char *what = eddy__arena_strdup(a, eddy__buf_cstr(&wb));
            eddy__buf_free(&wb);
            if ((rc = bind_text(be, wm->expr, n, names, types, &wm_expr, what, err))) goto done;
            wm_type = wm_expr->type;
            if (!wm_time_type(wm_type)) {
                rc = eddy__err(err, EDDY_E_VALIDATION,
                               "Invalid data type of expression for watermark definition. The field must be of type "
                               "TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the "
                               "watermark expression type is %s",
                               eddy__type_str(a, eddy__type_with_nullable(a, wm_type, true)));
                goto done;
            }
            if (wm_type->root != ct->root) {
                rc = eddy__err(err, EDDY_E_VALIDATION,
                               "The watermark declaration's output data type '%s' is different from the time field's data "
                               "type '%s'.",
                               eddy__type_str(a, wm_type), eddy__type_str(a, ct));
                goto done;
            }
        }
        if (be->streaming) cols.items[wm_col].type = eddy__type_with_timeattr(a, ct, TA_ROWTIME);
    }

    /* the primary key */
    const char *pk_name = NULL;
    if (pk) {
        Buf nb;
        eddy__buf_init(&nb);
        if (pk->name) {
            eddy__buf_puts(&nb, pk->name);
        } else {
            eddy__buf_puts(&nb, "PK_");
            for (int k = 0; k < pk->ncols; k++) {
                if (k) eddy__buf_putc(&nb, '_');
                eddy__buf_puts(&nb, pk->cols[k]);
            }
        }
        pk_name = eddy__arena_strdup(a, eddy__buf_cstr(&nb));
        eddy__buf_free(&nb);
        for (int k = 0; k < pk->ncols && !rc; k++) {
            for (int j = 0; j < k; j++)
                if (strcmp(pk->cols[j], pk->cols[k]) == 0) {
                    rc = eddy__err(err, EDDY_E_VALIDATION,
                                   "Invalid primary key '%s'. A primary key must not contain duplicate columns. Found: [%s]",
                                   pk_name, pk->cols[k]);
                    break;
                }
            if (rc) break;
            int ci = col_index(&cols, pk->cols[k]);
            if (ci < 0)
                rc = eddy__err(err, EDDY_E_VALIDATION, "Invalid primary key '%s'. Column '%s' does not exist.", pk_name,
                               pk->cols[k]);
            else if (cols.items[ci].kind != COL_PHYSICAL)
                rc = eddy__err(err, EDDY_E_VALIDATION, "Invalid primary key '%s'. Column '%s' is not a physical column.",
                               pk_name, pk->cols[k]);
            else if (cols.items[ci].type->nullable)
                rc = eddy__err(err, EDDY_E_VALIDATION, "Invalid primary key '%s'. Column '%s' is nullable.", pk_name,
                               pk->cols[k]);
        }
        if (rc) goto done;
    }

    /* the schema and the column expressions */
    {
        int n = (int)cols.len;
        const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(n ? n : 1));
        const Type **types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(n ? n : 1));
        const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n ? n : 1));
        ResolvedSchema *s = eddy__arena_alloc(a, sizeof *s);
        SchemaCol *sc = eddy__arena_alloc(a, sizeof(SchemaCol) * (size_t)(n ? n : 1));
        if (!ex || !types || !names || !s || !sc) {
            rc = NOMEM();
            goto done;
        }
        for (int i = 0; i < n; i++) {
            OutCol *c = &cols.items[i];
            names[i] = c->name;
            types[i] = c->type;
            ex[i] = c->expr;
            sc[i].name = c->name;
            sc[i].type = c->type;
            sc[i].kind = reorder ? COL_PHYSICAL : c->kind;
            if (c->part) sc[i].comment = c->part->comment;
            if (!reorder && c->kind == COL_COMPUTED) sc[i].expr_text = c->part->expr;
            if (!reorder && c->kind == COL_METADATA) {
                sc[i].meta_key = c->part->key && strcmp(c->part->key, c->name) != 0 ? c->part->key : NULL;
                sc[i].is_virtual = c->part->is_virtual;
            }
        }
        s->ncols = n;
        s->cols = sc;
        if (wm && !reorder) {
            WatermarkSpec *w = eddy__arena_alloc(a, sizeof *w);
            if (!w) {
                rc = NOMEM();
                goto done;
            }
            w->column = cols.items[wm_col].name;
            w->expr_text = wm->expr;
            w->type = wm_type;
            s->nwm = 1;
            s->wm = w;
        }
        if (pk && !reorder) {
            s->pk_name = pk_name;
            s->npk = pk->ncols;
            s->pk_cols = (const char **)pk->cols;
        }
        res->schema = s;
        res->exprs = ex;
        res->types = types;
        res->names = names;
        res->ncols = n;
        res->watermark = wm_expr;
        res->source_watermark = source_wm;
    }
done:
    *cols_in = cols;
    return rc;
}
