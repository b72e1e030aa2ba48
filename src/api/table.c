/*
 * table.c -- eddy_table: renaming (as), printSchema, and Table.execute()
 * with its TableResult (tableau print and collect).
 */
#include <stdarg.h>

#include "api/api.h"
#include "types/format.h"

eddy_table *eddy_table_as(eddy_table *t, ...) {
    if (!t || !env_ok(t->tenv->env)) return NULL;
    eddy_env *env = t->tenv->env;
    Rel *in = t->rel;
    ED_VEC(const char *) names = {0};
    va_list ap;
    va_start(ap, t);
    for (const char *n = va_arg(ap, const char *); n; n = va_arg(ap, const char *))
        if (!ed_vec_push(&names, eddy__arena_strdup(&env->arena, n))) break;
    va_end(ap);
    if ((int)names.len > in->ncols) {
        eddy__api_err(env, EDDY_E_VALIDATION, "Aliasing more fields than we actually have.");
        ed_vec_free(&names);
        return NULL;
    }
    /* fewer names rename the leading columns and keep the rest */
    for (int i = (int)names.len; i < in->ncols; i++)
        if (!ed_vec_push(&names, in->names[i])) break;
    for (size_t i = 0; i < names.len; i++)
        for (size_t k = 0; k < i; k++)
            if (strcmp(names.items[i], names.items[k]) == 0) {
                eddy__api_err(env, EDDY_E_VALIDATION, "Ambiguous column name: %s", names.items[i]);
                ed_vec_free(&names);
                return NULL;
            }
    const Expr **ex = eddy__arena_alloc(&env->arena, sizeof(Expr *) * (size_t)(in->ncols ? in->ncols : 1));
    const char **nn = eddy__arena_alloc(&env->arena, sizeof(char *) * (size_t)(in->ncols ? in->ncols : 1));
    if (!ex || !nn) {
        ed_vec_free(&names);
        return eddy__api_nomem(env);
    }
    for (int i = 0; i < in->ncols; i++) {
        ex[i] = eddy__expr_column(&env->arena, i, in->types[i]);
        nn[i] = names.items[i];
    }
    ed_vec_free(&names);
    Rel *r = eddy__rel_project(&env->arena, in, in->ncols, ex, nn);
    if (!r) return eddy__api_nomem(env);
    return eddy__api_table(t->tenv, r, NULL);
}

const char *eddy_table_schema_string(eddy_table *t) {
    if (!t) return NULL;
    if (!t->schema_str) {
        Buf b;
        eddy__buf_init(&b);
        eddy__schema_print(&b, t->schema);
        t->schema_str = eddy__arena_strndup(&t->tenv->env->arena, eddy__buf_cstr(&b), b.len);
        eddy__buf_free(&b);
    }
    return t->schema_str;
}

eddy_status eddy_table_print_schema(eddy_table *t, FILE *file) {
    if (!t) return EDDY_E_MISUSE;
    const char *s = eddy_table_schema_string(t);
    if (!s) return eddy__api_err(t->tenv->env, EDDY_E_NOMEM, "out of memory");
    if (fprintf(file ? file : stdout, "%s\n", s) < 0) return eddy__api_err(t->tenv->env, EDDY_E_IO, "printSchema: write failed");
    return EDDY_OK;
}

/* ---- execute and results ------------------------------------------------------------------ */

eddy_result *eddy_table_execute(eddy_table *t) {
    if (!t || !env_ok(t->tenv->env)) return NULL;
    eddy_tenv *tenv = t->tenv;
    eddy_env *env = tenv->env;
    PlanEnv pe;
    eddy__api_plan_env(tenv, &pe);
    EdErr err = {0};
    StreamNode *n;
    if (eddy__plan_rel(&pe, t->rel, &n, &err)) return eddy__api_take(env, &err), NULL;
    StreamNode *c = eddy__api_node(env, NODE_SINK, "Sink: Collect table sink", &eddy__op_collect, NULL, n->type, 1);
    eddy_result *r = eddy__calloc(1, sizeof *r);
    if (!c || !r) {
        eddy__free(r);
        return eddy__api_nomem(env);
    }
    c->in[0] = (StreamInput){n, PART_DEFAULT, NULL, 0};
    c->is_collect = true;
    /* the result's job runs in the table env's mode */
    eddy_runtime_mode saved = env->cfg.mode;
    env->cfg.mode = tenv->mode;
    r->it = eddy__api_iter_start(env, c, n->type);
    env->cfg.mode = saved;
    if (!r->it) {
        eddy__free(r);
        return NULL;
    }
    /* the iterator now belongs to the result */
    eddy__api_unlive(env, r->it);
    r->live_kind = LIVE_RESULT;
    r->tenv = tenv;
    r->ncols = t->rel->ncols;
    r->names = t->rel->names;
    r->types = t->rel->types;
    r->streaming = tenv->mode == EDDY_STREAMING;
    if (!ed_vec_push(&env->live, r)) {
        eddy__api_iter_destroy(r->it);
        eddy__free(r);
        return eddy__api_nomem(env);
    }
    return r;
}

size_t eddy_result_column_count(const eddy_result *r) { return r ? (size_t)r->ncols : 0; }

const char *eddy_result_column_name(const eddy_result *r, size_t i) {
    if (!r || i >= (size_t)r->ncols) return NULL;
    return r->names[i];
}

eddy_iter *eddy_result_collect(eddy_result *r) {
    if (!r) return NULL;
    eddy_env *env = r->tenv->env;
    if (r->consumed || !r->it) {
        eddy__api_err(env, EDDY_E_MISUSE, "The result has already been consumed (print and collect are exclusive).");
        return NULL;
    }
    eddy_iter *it = r->it;
    if (!ed_vec_push(&env->live, it)) return eddy__api_nomem(env);
    r->it = NULL;
    r->consumed = true;
    return it;
}

void eddy__api_result_destroy(eddy_result *r) {
    if (r->it) eddy__api_iter_destroy(r->it);
    eddy__free(r);
}

void eddy_result_free(eddy_result *r) {
    if (!r) return;
    eddy__api_unlive(r->tenv->env, r);
    eddy__api_result_destroy(r);
}

/* ---- tableau ---------------------------------------------------------------------------------------- */

#define MAX_COLUMN_WIDTH 30

typedef struct Cells {
    ED_VEC(char *) cells; /* row-major, ncols per row (the op column included) */
} Cells;

static void row_cells(const eddy_result *r, const eddy_row *row, bool op, char **out) {
    int k = 0;
    if (op) out[k++] = eddy__strdup(eddy_row_kind_short((eddy_row_kind)row->kind));
    for (int i = 0; i < r->ncols; i++) {
        const Vector *v = row->cols[i];
        if (vec_is_null(v, row->idx)) {
            out[k++] = eddy__strdup("<NULL>");
            continue;
        }
        Buf b;
        eddy__buf_init(&b);
        eddy__fmt_value_sql(&b, v, row->idx, r->tenv->tz);
        out[k++] = eddy__buf_take(&b);
    }
}

static void border(Buf *b, const int *w, int n) {
    eddy__buf_putc(b, '+');
    for (int i = 0; i < n; i++) {
        eddy__buf_pad(b, '-', (size_t)w[i] + 2);
        eddy__buf_putc(b, '+');
    }
    eddy__buf_putc(b, '\n');
}

static void cells_line(Buf *b, char *const *cells, const int *w, int n) {
    eddy__buf_putc(b, '|');
    for (int i = 0; i < n; i++) {
        const char *c = cells[i];
        size_t len = strlen(c), dw = eddy__utf8_width(c, len);
        eddy__buf_putc(b, ' ');
        if (dw <= (size_t)w[i]) {
            eddy__buf_pad(b, ' ', (size_t)w[i] - dw);
            eddy__buf_puts(b, c);
        } else {
            size_t target = w[i] > 3 ? (size_t)w[i] - 3 : 0;
            size_t k = eddy__utf8_prefix_for_width(c, len, target);
            size_t pw = eddy__utf8_width(c, k);
            if (pw < target) eddy__buf_pad(b, ' ', target - pw);
            eddy__buf_put(b, c, k);
            eddy__buf_puts(b, "...");
        }
        eddy__buf_puts(b, " |");
    }
    eddy__buf_putc(b, '\n');
}

static void flush_buf(Buf *b, FILE *f) {
    if (b->len) fwrite(b->data, 1, b->len, f);
    fflush(f);
    b->len = 0;
}

eddy_status eddy_result_print(eddy_result *r, FILE *file) {
    if (!r) return EDDY_E_MISUSE;
    eddy_env *env = r->tenv->env;
    if (r->consumed || !r->it)
        return eddy__api_err(env, EDDY_E_MISUSE, "The result has already been consumed (print and collect are exclusive).");
    FILE *f = file ? file : stdout;
    r->consumed = true;
    eddy_iter *it = r->it;
    bool op = r->streaming;
    int n = r->ncols + (op ? 1 : 0);
    char **names = eddy__calloc((size_t)(n ? n : 1), sizeof(char *));
    int *w = eddy__calloc((size_t)(n ? n : 1), sizeof(int));
    char **cells = eddy__calloc((size_t)(n ? n : 1), sizeof(char *));
    Buf b;
    eddy__buf_init(&b);
    eddy_status rc = EDDY_OK;
    if (!names || !w || !cells) {
        rc = eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
        goto out;
    }
    if (op) names[0] = "op";
    for (int i = 0; i < r->ncols; i++) names[i + (op ? 1 : 0)] = (char *)r->names[i];
    const eddy_row *row;
    long nrows = 0;
    if (op) {
        /* streaming: widths from the types, rows printed as they arrive */
        w[0] = 2;
        for (int i = 0; i < r->ncols; i++)
            w[i + 1] = eddy__tableau_column_width(r->types[i], r->names[i], MAX_COLUMN_WIDTH, false);
        eddy_status st;
        while ((st = eddy_iter_next(it, &row)) == EDDY_ROW) {
            if (nrows == 0) {
                border(&b, w, n);
                cells_line(&b, names, w, n);
                border(&b, w, n);
            }
            row_cells(r, row, true, cells);
            cells_line(&b, cells, w, n);
            for (int i = 0; i < n; i++) eddy__free(cells[i]);
            nrows++;
            flush_buf(&b, f);
        }
        if (st != EDDY_DONE) {
            rc = eddy__api_err(env, st, "%s", eddy_iter_errmsg(it));
            goto out;
        }
    } else {
        /* batch: widths from the content, printed at the end */
        Cells all = {0};
        eddy_status st;
        while ((st = eddy_iter_next(it, &row)) == EDDY_ROW) {
            row_cells(r, row, false, cells);
            for (int i = 0; i < n; i++) ed_vec_push(&all.cells, cells[i]);
            nrows++;
        }
        if (st != EDDY_DONE) {
            for (size_t i = 0; i < all.cells.len; i++) eddy__free(all.cells.items[i]);
            ed_vec_free(&all.cells);
            rc = eddy__api_err(env, st, "%s", eddy_iter_errmsg(it));
            goto out;
        }
        for (int i = 0; i < n; i++) {
            /* Java's String.length of the name, then display widths of the cells */
            int len = 0;
            for (const char *c = names[i]; *c; c++) len += ((unsigned char)*c & 0xC0) != 0x80;
            w[i] = len;
        }
        for (long k = 0; k < nrows; k++)
            for (int i = 0; i < n; i++) {
                const char *c = all.cells.items[k * n + i];
                int dw = (int)eddy__utf8_width(c, strlen(c));
                if (dw > w[i]) w[i] = dw;
            }
        for (int i = 0; i < n; i++)
            if (w[i] > MAX_COLUMN_WIDTH) w[i] = MAX_COLUMN_WIDTH;
        if (nrows) {
            border(&b, w, n);
            cells_line(&b, names, w, n);
            border(&b, w, n);
            for (long k = 0; k < nrows; k++) cells_line(&b, &all.cells.items[k * n], w, n);
        }
        for (size_t i = 0; i < all.cells.len; i++) eddy__free(all.cells.items[i]);
        ed_vec_free(&all.cells);
    }
    if (nrows == 0) {
        eddy__buf_puts(&b, "Empty set\n");
    } else {
        border(&b, w, n);
        eddy__buf_printf(&b, "%ld %s in set\n", nrows, nrows > 1 ? "rows" : "row");
    }
    flush_buf(&b, f);
out:
    eddy__buf_free(&b);
    eddy__free(names);
    eddy__free(w);
    eddy__free(cells);
    eddy__api_iter_destroy(it);
    r->it = NULL;
    return rc;
}
