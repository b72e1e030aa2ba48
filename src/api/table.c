/*
 * table.c -- eddy_table: renaming (as), printSchema, and Table.execute()
 * with its TableResult (tableau print and collect).
 */
#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <time.h>

#include "api/api.h"
#include "api/monitor.h"
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

void eddy__api_random_job_id(char out[33]) {
    static atomic_ullong counter;
    uint64_t x = eddy__hash_u64((uint64_t)time(NULL) ^ (uint64_t)(uintptr_t)out ^ atomic_fetch_add(&counter, 1));
    uint64_t y = eddy__hash_u64(x ^ 0x9e3779b97f4a7c15ULL);
    snprintf(out, 33, "%016llx%016llx", (unsigned long long)x, (unsigned long long)y);
}

static eddy_result *new_result(eddy_tenv *tenv, eddy_result_kind kind, eddy_statement_kind stmt, int ncols,
                               const char *const *names, const Type *const *types) {
    eddy_env *env = tenv->env;
    eddy_result *r = eddy__calloc(1, sizeof *r);
    const char **nn = eddy__arena_alloc(env->sa, sizeof(char *) * (size_t)(ncols ? ncols : 1));
    const Type **tt = eddy__arena_alloc(env->sa, sizeof(Type *) * (size_t)(ncols ? ncols : 1));
    if (!r || !nn || !tt) {
        eddy__free(r);
        return eddy__api_nomem(env);
    }
    for (int i = 0; i < ncols; i++) {
        nn[i] = names[i];
        tt[i] = types[i];
    }
    r->live_kind = LIVE_RESULT;
    r->tenv = tenv;
    r->lt = eddy__lt_ref(env->cur_lt);
    r->kind = kind;
    r->stmt = stmt;
    r->ncols = ncols;
    r->names = nn;
    r->types = tt;
    if (!ed_vec_push(&env->live, r)) {
        eddy__lt_unref(env, r->lt);
        eddy__free(r);
        return eddy__api_nomem(env);
    }
    return r;
}

eddy_result *eddy__api_static_result(eddy_tenv *tenv, eddy_result_kind kind, eddy_statement_kind stmt, int ncols,
                                     const char *const *names, const Type *const *types, Batch *rows) {
    eddy_env *env = tenv->env;
    if (!rows) rows = eddy__batch_new_typed(ncols, types, 1);
    eddy_result *r = rows ? new_result(tenv, kind, stmt, ncols, names, types) : NULL;
    const Type *rt = r ? eddy__type_row(env->sa, ncols, names, types, false) : NULL;
    if (!r || !rt) {
        eddy__batch_release(rows);
        if (r) eddy_result_free(r);
        return r ? eddy__api_nomem(env) : NULL;
    }
    r->it = eddy__api_iter_static(env, rt, rows);
    if (!r->it) {
        eddy_result_free(r);
        return NULL;
    }
    return r;
}

eddy_result *eddy__api_ok_result(eddy_tenv *tenv, eddy_statement_kind stmt) {
    const char *names[] = {"result"};
    const Type *types[] = {eddy__type_string(false)};
    Batch *b = eddy__batch_new_typed(1, types, 1);
    if (!b) return eddy__api_nomem(tenv->env);
    eddy__vec_set_str(b->cols[0], 0, "OK", 2);
    b->n = b->count = 1;
    return eddy__api_static_result(tenv, EDDY_RESULT_SUCCESS, stmt, 1, names, types, b);
}

eddy_result *eddy__api_query_result(eddy_tenv *tenv, Rel *rel) {
    eddy_env *env = tenv->env;
    PlanEnv pe;
    eddy__api_plan_env(tenv, &pe);
    EdErr err = {0};
    StreamNode *n;
    if (eddy__plan_rel(&pe, rel, &n, &err)) return eddy__api_take(env, &err), NULL;
    StreamNode *c = eddy__api_node(env, NODE_SINK, "Sink: Collect table sink", &eddy__op_collect, NULL, n->type, 1);
    if (!c) return NULL;
    c->in[0] = (StreamInput){n, PART_DEFAULT, NULL, 0};
    c->is_collect = true;
    eddy_result *r = new_result(tenv, EDDY_RESULT_SUCCESS_WITH_CONTENT, EDDY_STMT_QUERY, rel->ncols, rel->names, rel->types);
    if (!r) return NULL;
    /* the result's job runs in the table env's mode */
    eddy_runtime_mode saved = env->cfg.mode;
    env->cfg.mode = tenv->mode;
    r->it = eddy__api_iter_start(env, c, n->type);
    env->cfg.mode = saved;
    if (!r->it) {
        eddy_result_free(r);
        return NULL;
    }
    eddy__api_unlive(env, r->it); /* the iterator belongs to the result */
    r->hook = r->it->hook;
    r->hook->refs++; /* no other thread knows the hook yet */
    r->streaming = tenv->mode == EDDY_STREAMING;
    eddy__api_random_job_id(r->job_id);
    eddy__api_result_job_init(r);
    return r;
}

eddy_result *eddy__api_insert_result(eddy_tenv *tenv, StreamNode *const *sinks, const char *const *sink_paths, int n) {
    eddy_env *env = tenv->env;
    const Type **types = eddy__arena_alloc(env->sa, sizeof(Type *) * (size_t)(n ? n : 1));
    if (!types) return eddy__api_nomem(env);
    for (int i = 0; i < n; i++) types[i] = eddy__type_basic(TY_BIGINT, false);
    Batch *rows = eddy__batch_new_typed(n, types, 1);
    if (!rows) return eddy__api_nomem(env);
    for (int i = 0; i < n; i++) VEC_DATA(rows->cols[i], int64_t)[0] = -1;
    rows->n = rows->count = 1;
    eddy_result *r = eddy__api_static_result(tenv, EDDY_RESULT_SUCCESS_WITH_CONTENT, EDDY_STMT_INSERT, n, sink_paths,
                                             types, rows);
    if (!r) return NULL;
    JobConfig cfg;
    eddy__api_job_config(env, &cfg, "insert-into");
    cfg.batch_mode = tenv->mode == EDDY_BATCH;
    eddy__api_random_job_id(r->job_id);
    cfg.job_id = r->job_id; /* names its checkpoint directory too */
    EdErr err = {0};
    eddy_status rc = eddy__job_create(&cfg, (StreamNode *const *)sinks, n, &r->job, &err);
    if (!rc) rc = eddy__job_start(r->job, &err);
    if (rc) {
        eddy__api_take(env, &err);
        eddy_result_free(r);
        return NULL;
    }
    eddy__api_result_job_init(r);
    return r;
}

eddy_result *eddy_table_execute(eddy_table *t) {
    if (!t || !env_ok(t->tenv->env)) return NULL;
    return eddy__api_query_result(t->tenv, t->rel);
}

eddy_result_kind eddy_result_get_kind(const eddy_result *r) { return r ? r->kind : EDDY_RESULT_SUCCESS; }
eddy_statement_kind eddy_result_statement_kind(const eddy_result *r) { return r ? r->stmt : EDDY_STMT_OTHER; }

const eddy_type *eddy_result_column_type(const eddy_result *r, size_t i) {
    if (!r || i >= (size_t)r->ncols) return NULL;
    return ety(r->types[i]);
}

const char *eddy_result_job_id(const eddy_result *r) { return r && r->job_id[0] ? r->job_id : NULL; }

eddy_status eddy_result_await(eddy_result *r) {
    if (!r) return EDDY_E_MISUSE;
    if (!r->job || r->awaited) return EDDY_OK;
    r->awaited = true;
    EdErr err = {0};
    eddy_status rc = eddy__job_wait(r->job, &err);
    if (rc) eddy__api_take(r->tenv->env, &err);
    return rc;
}

bool eddy_result_job_done(const eddy_result *r, bool *failed) {
    if (failed) *failed = false;
    if (!r || !r->job) return true;
    return eddy__job_done(r->job, failed);
}

void eddy_result_cancel(eddy_result *r) {
    if (!r) return;
    /* r->job lives as long as r; r->it may be freed by the owner meanwhile,
     * so a query's job is reached through the hook only */
    if (r->job) eddy__job_cancel(r->job);
    if (r->hook) eddy__api_hook_cancel(r->hook);
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

uint64_t eddy_result_malformed_records(eddy_result *r, const char **report) {
    if (report) *report = "";
    if (!r) return 0;
    eddy__api_tally_refresh(r->job ? r->job : r->it ? r->it->job : NULL, &r->mal, false);
    if (report && r->mal.report) *report = r->mal.report;
    return r->mal.count;
}

uint64_t eddy_result_late_records(eddy_result *r, const char **report) {
    if (report) *report = "";
    if (!r) return 0;
    eddy__api_tally_refresh(r->job ? r->job : r->it ? r->it->job : NULL, &r->mal, true);
    if (report && r->mal.late_report) *report = r->mal.late_report;
    return r->mal.late;
}

void eddy__api_result_destroy(eddy_result *r) {
    eddy__monitor_forget(r->tenv->env, &r->jobh);
    eddy__api_mal_free(&r->mal);
    if (r->it) eddy__api_iter_destroy(r->it);
    eddy__api_hook_unref(r->hook);
    eddy__api_job_release(r->tenv->env, r->job, r->lt);
    eddy__api_job_clear(&r->jobh);
    eddy__lt_unref(r->tenv->env, r->lt);
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

static void row_cells(const eddy_result *r, const eddy_row *row, bool op, bool null_empty, char **out) {
    int k = 0;
    if (op) out[k++] = eddy__strdup(eddy_row_kind_short((eddy_row_kind)row->kind));
    for (int i = 0; i < r->ncols; i++) {
        const Vector *v = row->cols[i];
        if (vec_is_null(v, row->idx)) {
            out[k++] = eddy__strdup(null_empty ? "" : "<NULL>");
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

static void free_cells(char **cells, int n) {
    for (int i = 0; i < n; i++) {
        eddy__free(cells[i]);
        cells[i] = NULL;
    }
}

/* Java's String.length of a UTF-8 name (code points; BMP assumed). */
static int java_len(const char *s) {
    int n = 0;
    for (; *s; s++) n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* The header promises a store to the flag is async-signal-safe. */
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "eddy_interrupt_flag must be lock-free");

/* Whether the print interrupt flag (set by another thread or a signal
 * handler) is raised. */
static bool interrupted_now(const eddy_interrupt_flag *flag) {
    return flag && atomic_load_explicit(flag, memory_order_acquire) != 0;
}

eddy_status eddy_result_print_with(eddy_result *r, FILE *file, const eddy_print_options *opts) {
    if (!r) return EDDY_E_MISUSE;
    eddy_env *env = r->tenv->env;
    if (opts && (opts->abi_version < 1 || opts->abi_version > EDDY_PRINT_OPTIONS_VERSION))
        return eddy__api_err(env, EDDY_E_MISUSE, "print_with: unknown abi_version %u.", opts->abi_version);
    int64_t since = opts && opts->abi_version >= 2 ? opts->time_cost_since_ns : 0;
    if (r->consumed || !r->it)
        return eddy__api_err(env, EDDY_E_MISUSE, "The result has already been consumed (print and collect are exclusive).");
    eddy_print_style style = opts ? opts->style : EDDY_PRINT_TABLEAU;
    int maxw = opts && opts->max_column_width > 0 ? opts->max_column_width : MAX_COLUMN_WIDTH;
    /* the SQL client prints SHOW / DESCRIBE / EXPLAIN ... results whole, the gateway every result */
    if ((style == EDDY_PRINT_CLIENT && r->stmt != EDDY_STMT_QUERY) || style == EDDY_PRINT_GATEWAY) maxw = INT_MAX;
    bool gateway = style == EDDY_PRINT_GATEWAY;
    const eddy_interrupt_flag *interrupt = opts ? opts->interrupt : NULL;
    FILE *f = file ? file : stdout;
    r->consumed = true;
    eddy_iter *it = r->it;
    bool op = r->streaming && style != EDDY_PRINT_CHANGELOG && style != EDDY_PRINT_TABLE &&
              !(style == EDDY_PRINT_GATEWAY && opts->abi_version >= 3 && opts->no_op_column);
    int n = r->ncols + (op ? 1 : 0);
    char **names = eddy__calloc((size_t)(n ? n : 1), sizeof(char *));
    int *w = eddy__calloc((size_t)(n ? n : 1), sizeof(int));
    char **cells = eddy__calloc((size_t)(n ? n : 1), sizeof(char *));
    Buf b;
    eddy__buf_init(&b);
    eddy_status rc = EDDY_OK, st = EDDY_DONE;
    bool interrupted = false;
    long nrows = 0;
    Cells all = {0};
    if (!names || !w || !cells) {
        rc = eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
        goto out;
    }
    if (op) names[0] = "op";
    for (int i = 0; i < r->ncols; i++) names[i + (op ? 1 : 0)] = (char *)r->names[i];
    const eddy_row *row;
    if (style == EDDY_PRINT_CHANGELOG) {
        char buf[256];
        while (!(interrupted = interrupted_now(interrupt)) && (st = eddy_iter_next(it, &row)) == EDDY_ROW) {
            int need = eddy_row_to_string(row, buf, sizeof buf);
            if (need >= (int)sizeof buf) {
                char *big = eddy__malloc((size_t)need + 1);
                if (big) {
                    eddy_row_to_string(row, big, (size_t)need + 1);
                    eddy__buf_puts(&b, big);
                    eddy__free(big);
                }
            } else {
                eddy__buf_puts(&b, buf);
            }
            eddy__buf_putc(&b, '\n');
            flush_buf(&b, f);
            nrows++;
        }
    } else if ((op || (style == EDDY_PRINT_TABLEAU && r->stmt == EDDY_STMT_QUERY)) && !gateway) {
        /* streaming, and a query's result through the API in batch mode too
         * (Flink's executeQueryOperation: a type-inferred tableau, the row
         * kind shown in streaming only): widths from the types, rows printed
         * as they arrive */
        int first = op ? 1 : 0;
        if (op) w[0] = 2;
        for (int i = 0; i < r->ncols; i++) w[i + first] = eddy__tableau_column_width(r->types[i], r->names[i], maxw, false);
        bool client = style == EDDY_PRINT_CLIENT;
        if (client) {
            /* the SQL client prints the header before the first row */
            border(&b, w, n);
            cells_line(&b, names, w, n);
            border(&b, w, n);
            flush_buf(&b, f);
        }
        while (!(interrupted = interrupted_now(interrupt)) && (st = eddy_iter_next(it, &row)) == EDDY_ROW) {
            if (nrows == 0 && !client) {
                border(&b, w, n);
                cells_line(&b, names, w, n);
                border(&b, w, n);
            }
            row_cells(r, row, op, false, cells);
            cells_line(&b, cells, w, n);
            free_cells(cells, n);
            nrows++;
            flush_buf(&b, f);
        }
    } else {
        /* batch and static results (and all of the gateway's): widths from the content, printed at the end */
        while (!(interrupted = interrupted_now(interrupt)) && (st = eddy_iter_next(it, &row)) == EDDY_ROW) {
            row_cells(r, row, op, gateway, cells);
            eddy_row_kind k = eddy_row_get_kind(row);
            if (style == EDDY_PRINT_TABLE && (k == EDDY_UPDATE_BEFORE || k == EDDY_DELETE)) {
                /* a retraction removes the newest equal row (MaterializedCollectStreamResult) */
                for (long j = nrows - 1; j >= 0; j--) {
                    char **c = &all.cells.items[j * n];
                    bool eq = true;
                    for (int i = 0; i < n && eq; i++) eq = strcmp(c[i], cells[i]) == 0;
                    if (!eq) continue;
                    for (int i = 0; i < n; i++) eddy__free(c[i]);
                    memmove(c, c + n, sizeof(char *) * (size_t)((nrows - 1 - j) * n));
                    all.cells.len -= (size_t)n;
                    nrows--;
                    break;
                }
                free_cells(cells, n);
                continue;
            }
            for (int i = 0; i < n; i++) {
                ed_vec_push(&all.cells, cells[i]);
                cells[i] = NULL;
            }
            nrows++;
        }
        if (!interrupted && st == EDDY_DONE) {
            for (int i = 0; i < n; i++) w[i] = java_len(names[i]);
            for (long k = 0; k < nrows; k++)
                for (int i = 0; i < n; i++) {
                    const char *c = all.cells.items[k * n + i];
                    int dw = (int)eddy__utf8_width(c, strlen(c));
                    if (dw > w[i]) w[i] = dw;
                }
            for (int i = 0; i < n; i++)
                if (w[i] > maxw) w[i] = maxw;
            if (nrows) {
                border(&b, w, n);
                cells_line(&b, names, w, n);
                border(&b, w, n);
                for (long k = 0; k < nrows; k++) cells_line(&b, n ? &all.cells.items[k * n] : NULL, w, n);
            }
        }
    }
    /* a cancel from another thread (a Ctrl-C watcher) ends a blocked wait for rows */
    if (!interrupted && interrupted_now(interrupt) && st != EDDY_DONE) interrupted = true;
    if (interrupted) {
        eddy_result_cancel(r);
        eddy__buf_printf(&b, "Query terminated, received a total of %ld %s\n", nrows, nrows > 1 ? "rows" : "row");
        flush_buf(&b, f);
        rc = EDDY_E_CANCELLED;
        goto out;
    }
    if (st != EDDY_DONE) {
        rc = eddy__api_err(env, st, "%s", eddy_iter_errmsg(it));
        goto out;
    }
    char cost[64] = "";
    if (since) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        int64_t ns = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec - since;
        snprintf(cost, sizeof cost, " (%.2f seconds)", (double)(ns > 0 ? ns : 0) / 1e9);
    }
    if (style == EDDY_PRINT_CHANGELOG) {
        /* nothing after the changes */
    } else if (op && style == EDDY_PRINT_CLIENT) {
        if (nrows) border(&b, w, n);
        eddy__buf_printf(&b, "Received a total of %ld %s%s\n", nrows, nrows > 1 ? "rows" : "row", cost);
    } else if (nrows == 0) {
        eddy__buf_printf(&b, "Empty set%s\n", cost);
    } else {
        border(&b, w, n);
        eddy__buf_printf(&b, "%ld %s in set%s\n", nrows, nrows > 1 ? "rows" : "row", cost);
    }
    flush_buf(&b, f);
out:
    for (size_t i = 0; i < all.cells.len; i++) eddy__free(all.cells.items[i]);
    ed_vec_free(&all.cells);
    if (cells) free_cells(cells, n);
    eddy__buf_free(&b);
    eddy__free(names);
    eddy__free(w);
    eddy__free(cells);
    eddy__api_mal_take(it->job, &r->mal);
    r->it = NULL;
    /* a task that did not stop in time outweighs the end of the print */
    eddy_status frc = eddy__api_iter_destroy(it);
    if (frc && (rc == EDDY_OK || rc == EDDY_E_CANCELLED)) rc = frc;
    return rc;
}

eddy_status eddy_result_print(eddy_result *r, FILE *file) { return eddy_result_print_with(r, file, NULL); }
