/*
 * ddl.c -- connector tables: CREATE TABLE column lists and TableDescriptor
 * schemas resolved into TableEntry (physical columns as declared, metadata
 * columns the connector emits after them, computed columns, watermark,
 * primary key), and the scan Rel a query reads them through.
 */
#include "plan/schema_int.h"
#include "sql/parser.h"

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

/* An expression as Flink stores it in the catalog: unparsed, identifiers
 * quoted ("`ts` - INTERVAL '1' SECOND"). */
static const char *text_of(Arena *a, const AstExpr *e) {
    Buf b;
    eddy__buf_init(&b);
    eddy__sql_unparse_expr(&b, e);
    const char *s = eddy__arena_strndup(a, eddy__buf_cstr(&b), b.len);
    eddy__buf_free(&b);
    return s;
}

const char *eddy__path_quoted(Arena *a, const char *q) {
    /* cat.db.name: split at the first two dots (names may hold dots after) */
    const char *d1 = strchr(q, '.');
    const char *d2 = d1 ? strchr(d1 + 1, '.') : NULL;
    if (!d2) return eddy__arena_printf(a, "`%s`", q);
    return eddy__arena_printf(a, "`%.*s`.`%.*s`.`%s`", (int)(d1 - q), q, (int)(d2 - d1 - 1), d1 + 1, d2 + 1);
}

static const char *last_part(const AstName *n) { return n->parts[n->nparts - 1]; }

eddy_status eddy__plan_spec_from_ast(Arena *a, const AstSchema *s, SchemaSpec *out, EdErr *err) {
    int max = s->ncolumns + s->nwatermarks + s->nconstraints + 1;
    SpecPart *parts = eddy__arena_alloc(a, sizeof(SpecPart) * (size_t)max);
    if (!parts) return NOMEM();
    int n = 0;
    const AstConstraint *pk = NULL;
    const char *pk_col = NULL;
    for (int i = 0; i < s->ncolumns; i++) {
        const AstColumn *c = s->columns[i];
        SpecPart *p = &parts[n++];
        p->name = c->name.name;
        p->comment = c->comment;
        switch (c->kind) {
        case AST_COL_PHYSICAL:
            p->kind = SPEC_PHYSICAL;
            p->type = c->type;
            break;
        case AST_COL_COMPUTED:
            p->kind = SPEC_COMPUTED;
            p->expr = text_of(a, c->expr);
            if (!p->expr) return NOMEM();
            break;
        case AST_COL_METADATA:
            p->kind = SPEC_METADATA;
            p->type = c->type;
            p->key = c->has_metadata_key ? c->metadata_key : NULL;
            p->is_virtual = c->is_virtual;
            break;
        }
        if (c->constraint) {
            if (c->constraint->unique)
                return eddy__err_at(err, EDDY_E_UNSUPPORTED, c->constraint->pos.line, c->constraint->pos.col,
                                    "UNIQUE constraint is not supported yet");
            if (pk)
                return eddy__err_at(err, EDDY_E_VALIDATION, c->constraint->pos.line, c->constraint->pos.col,
                                    "Duplicate primary key definition");
            pk = c->constraint;
            pk_col = c->name.name;
        }
    }
    for (int i = 0; i < s->nconstraints; i++) {
        const AstConstraint *c = s->constraints[i];
        if (c->unique)
            return eddy__err_at(err, EDDY_E_UNSUPPORTED, c->pos.line, c->pos.col, "UNIQUE constraint is not supported yet");
        if (pk) return eddy__err_at(err, EDDY_E_VALIDATION, c->pos.line, c->pos.col, "Duplicate primary key definition");
        pk = c;
    }
    if (pk) {
        if (pk->enforced != 2)
            return eddy__err_at(err, EDDY_E_VALIDATION, pk->pos.line, pk->pos.col,
                                "Flink doesn't support ENFORCED mode for PRIMARY KEY constraint. ENFORCED/NOT ENFORCED "
                                "controls if the constraint checks are performed on the incoming/outgoing data. Flink "
                                "does not own the data therefore the only supported mode is the NOT ENFORCED mode");
        SpecPart *p = &parts[n++];
        p->kind = SPEC_PK;
        p->name = pk->name ? pk->name->name : NULL;
        if (pk_col) {
            const char **cols = eddy__arena_alloc(a, sizeof(char *));
            if (!cols) return NOMEM();
            cols[0] = pk_col;
            p->ncols = 1;
            p->cols = cols;
        } else {
            const char **cols = eddy__arena_alloc(a, sizeof(char *) * (size_t)(pk->ncolumns ? pk->ncolumns : 1));
            if (!cols) return NOMEM();
            for (int k = 0; k < pk->ncolumns; k++) cols[k] = pk->columns[k]->name;
            p->ncols = pk->ncolumns;
            p->cols = cols;
        }
    }
    for (int i = 0; i < s->nwatermarks; i++) {
        const AstWatermark *w = s->watermarks[i];
        SpecPart *p = &parts[n++];
        p->kind = SPEC_WATERMARK;
        p->name = last_part(&w->column);
        p->expr = text_of(a, w->expr);
        if (!p->expr) return NOMEM();
    }
    out->n = n;
    out->parts = parts;
    return EDDY_OK;
}

static int spec_kind(const SchemaSpec *spec, const char *name) {
    for (int i = 0; i < spec->n; i++)
        if (spec->parts[i].kind <= SPEC_METADATA && !strcmp(spec->parts[i].name, name)) return (int)spec->parts[i].kind;
    return -1;
}

eddy_status eddy__plan_table_entry(const BindEnv *be, const char *path, const SchemaSpec *spec, int nopts,
                                   const TableOption *opts, int npart, const char *const *partition_keys,
                                   const char *comment, TableEntry **out, EdErr *err) {
    Arena *a = be->a;
    TableEntry *t = eddy__arena_alloc(a, sizeof *t);
    int n = spec ? spec->n : 0;
    if (!t) return NOMEM();
    int nphys = 0, nmeta = 0;
    for (int i = 0; i < n; i++) {
        nphys += spec->parts[i].kind == SPEC_PHYSICAL;
        nmeta += spec->parts[i].kind == SPEC_METADATA;
    }
    t->phys_names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nphys + 1));
    t->phys_types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(nphys + 1));
    t->meta_keys = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nmeta + 1));
    t->meta_names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nmeta + 1));
    t->meta_types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(nmeta + 1));
    t->meta_virtual = eddy__arena_alloc(a, sizeof(bool) * (size_t)(nmeta + 1));
    if (!t->phys_names || !t->phys_types || !t->meta_keys || !t->meta_names || !t->meta_types || !t->meta_virtual) return NOMEM();
    OutCols cols = {0};
    eddy_status rc = EDDY_OK;
    /* physical columns are source columns 0..nphys-1, metadata follow */
    int kp = 0, km = 0;
    for (int i = 0; i < n && !rc; i++) {
        const SpecPart *p = &spec->parts[i];
        OutCol c = {p->name, p->type, COL_PHYSICAL, p, NULL};
        if (p->kind == SPEC_PHYSICAL) {
            t->phys_names[kp] = p->name;
            t->phys_types[kp] = p->type;
            c.expr = eddy__expr_column(a, kp++, p->type);
        } else if (p->kind == SPEC_METADATA) {
            c.kind = COL_METADATA;
            t->meta_keys[km] = p->key ? p->key : p->name;
            t->meta_names[km] = p->name;
            t->meta_types[km] = p->type;
            t->meta_virtual[km] = p->is_virtual;
            c.expr = eddy__expr_column(a, nphys + km++, p->type);
        } else if (p->kind == SPEC_COMPUTED) {
            c.kind = COL_COMPUTED;
            c.type = NULL;
        } else {
            continue;
        }
        if ((c.kind != COL_COMPUTED && !c.expr) || !ed_vec_push(&cols, c)) rc = NOMEM();
    }
    if (rc) {
        ed_vec_free(&cols);
        return rc;
    }
    Resolved r;
    BindEnv b2 = *be;
    b2.streaming = true; /* time attributes are kept; batch scans drop them */
    rc = eddy__schema_resolve(&b2, &cols, spec, true, false, &r, err);
    ed_vec_free(&cols);
    if (rc) return rc;
    /* primary key columns became NOT NULL */
    for (int i = 0; i < r.ncols; i++)
        for (int k = 0; k < nphys; k++)
            if (!strcmp(r.names[i], t->phys_names[k]) && spec_kind(spec, r.names[i]) == SPEC_PHYSICAL)
                t->phys_types[k] = eddy__type_with_timeattr(a, r.types[i], TA_NONE);
    t->nphys = nphys;
    t->nmeta = nmeta;
    t->ncols = r.ncols;
    t->names = r.names;
    t->types = r.types;
    t->exprs = r.exprs;
    t->watermark = r.watermark;
    t->source_watermark = r.source_watermark;
    if (t->source_watermark)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "SOURCE_WATERMARK() is only supported by sources that provide watermarks.");
    /* partition keys must be physical columns */
    for (int i = 0; i < npart; i++) {
        bool ok = false;
        for (int k = 0; k < nphys && !ok; k++) ok = !strcmp(t->phys_names[k], partition_keys[i]);
        if (!ok) {
            Buf b;
            eddy__buf_init(&b);
            for (int k = 0; k < nphys; k++) eddy__buf_printf(&b, "%s'%s'", k ? ", " : "", t->phys_names[k]);
            eddy__err(err, EDDY_E_VALIDATION, "Partition column '%s' not defined in the table schema. Available "
                                              "columns: [%s]",
                      partition_keys[i], eddy__buf_cstr(&b));
            eddy__buf_free(&b);
            return EDDY_E_VALIDATION;
        }
    }
    t->def.path = eddy__arena_strdup(a, path);
    t->def.schema = r.schema;
    t->def.nopts = nopts;
    TableOption *o = eddy__arena_alloc(a, sizeof(TableOption) * (size_t)(nopts ? nopts : 1));
    if (!o || !t->def.path) return NOMEM();
    for (int i = 0; i < nopts; i++) {
        o[i].key = eddy__arena_strdup(a, opts[i].key);
        o[i].value = eddy__arena_strdup(a, opts[i].value);
    }
    t->def.opts = o;
    t->def.npart = npart;
    t->def.partition_keys = partition_keys;
    t->def.comment = comment;
    t->spec = spec;
    *out = t;
    return EDDY_OK;
}

Rel *eddy__plan_table_scan(Arena *a, const TableEntry *t, bool streaming) {
    Rel *r = eddy__rel_new(a, REL_TABLE_SCAN, t->ncols, 0);
    if (!r) return NULL;
    for (int i = 0; i < t->ncols; i++) {
        r->names[i] = t->names[i];
        r->types[i] = streaming || t->types[i]->timeattr != TA_ROWTIME
                          ? t->types[i]
                          : eddy__type_with_timeattr(a, t->types[i], TA_NONE);
    }
    r->exprs = t->exprs;
    r->table = t;
    r->npk = eddy__plan_pk_index(a, t->def.schema, r->ncols, r->names, &r->pk);
    r->watermark = streaming ? t->watermark : NULL;
    r->digest = eddy__arena_printf(a, "TableSourceScan(table=[[%s]])", t->def.path);
    return r;
}

int eddy__plan_pk_index(Arena *a, const ResolvedSchema *s, int n, const char *const *names, const int **out) {
    if (!s || !s->pk_name || s->npk == 0) return 0;
    int *idx = eddy__arena_alloc(a, sizeof(int) * (size_t)s->npk);
    if (!idx) return 0;
    for (int k = 0; k < s->npk; k++) {
        idx[k] = -1;
        for (int i = 0; i < n; i++)
            if (!strcmp(names[i], s->pk_cols[k])) idx[k] = i;
        if (idx[k] < 0) return 0;
    }
    *out = idx;
    return s->npk;
}
