/*
 * options.c -- the table environment's configuration (TableConfig / the SQL
 * client's session properties): the keys eddy honours with their defaults
 * and parsers, and every other key kept as given so that SET lists it.
 *
 * A key eddy honours is checked when set: a bad value is an error with
 * Flink's message and leaves the old value. Keys eddy does not know are
 * accepted (Flink scripts set many); clients may warn about them with
 * eddy_option_is_known.
 */
#include <limits.h>
#include <stdlib.h>

#include "api/api.h"
#include "api/monitor.h"
#include "runtime/checkpoint.h"
#include "types/datetime.h"

typedef enum OptKind { OPT_MODE, OPT_INT, OPT_BOOL, OPT_ZONE, OPT_RESULT_MODE, OPT_DURATION, OPT_DIALECT } OptKind;

typedef struct KnownOption {
    const char *key;
    OptKind kind;
    const char *def; /* NULL: derived (parallelism: the env's) */
} KnownOption;

static const KnownOption known[] = {
    {"execution.runtime-mode", OPT_MODE, NULL},
    {"parallelism.default", OPT_INT, NULL},
    {"table.local-time-zone", OPT_ZONE, "default"},
    {"table.dml-sync", OPT_BOOL, "false"},
    {"table.plan.force-recompile", OPT_BOOL, "false"}, /* COMPILE PLAN over an existing file (sql.c) */
    {"sql-client.execution.result-mode", OPT_RESULT_MODE, "tableau"},
    {"table.display.max-column-width", OPT_INT, "30"},
    {"sql-client.display.max-column-width", OPT_INT, "30"}, /* the deprecated name */
    {"task.cancellation.timeout", OPT_DURATION, NULL},     /* the env's (eddy_config) */
    {"table.sql-dialect", OPT_DIALECT, "default"},
    /* read by the shell: the query time after a result's footer (default:
     * in interactive sessions) */
    {"sql-client.display.print-time-cost", OPT_BOOL, NULL},
};

static const KnownOption *find_known(const char *key) {
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (!strcmp(known[i].key, key)) return &known[i];
    return NULL;
}

/* The managed memory's options: the environment's, settable by SET too. */
static bool mem_option(const char *key) {
    return !strcmp(key, MEM_MANAGED_SIZE_OPTION) || !strcmp(key, MEM_MANAGED_FRACTION_OPTION);
}

bool eddy_option_is_known(const char *key) {
    return key && (find_known(key) || eddy__plan_option_known(key) || eddy__api_is_checkpoint_option(key) ||
                   eddy__monitor_is_option(key) || mem_option(key) || !strcmp(key, "table.catalog-store.kind") ||
                   !strcmp(key, "table.catalog-store.file.path"));
    /* the catalog store's keys are read when the store opens (catalog_store.c) */
}

static const char *const sensitive_words[] = {
    "password", "secret", "fs.azure.account.key", "apikey", "api-key", "auth-params",
    "service-key", "token", "basic-auth", "jaas.config", "http-headers",
};

bool eddy__api_option_sensitive(const char *key) {
    char lower[256];
    size_t n = strlen(key);
    if (n >= sizeof lower) n = sizeof lower - 1;
    for (size_t i = 0; i < n; i++) lower[i] = (char)(key[i] >= 'A' && key[i] <= 'Z' ? key[i] + 32 : key[i]);
    lower[n] = 0;
    for (size_t i = 0; i < sizeof sensitive_words / sizeof sensitive_words[0]; i++)
        if (strstr(lower, sensitive_words[i])) return true;
    return false;
}

const char *eddy__api_option_shown(const char *key, const char *value) {
    return eddy__api_option_sensitive(key) ? EDDY__HIDDEN_VALUE : value;
}

/* The session zone "default": TZ, else UTC. */
const char *eddy__api_default_zone(void) {
    const char *tz = getenv("TZ");
    if (tz && *tz) return *tz == ':' ? tz + 1 : tz;
    return "UTC";
}

/* A copy of s that lives as long as the env, shared by every SET of the
 * same text, so that a session setting the same keys over and over stays
 * flat (a plan may keep pointers to the values it was made with, so an
 * old value is never freed before the env). */
static const char *intern(eddy_tenv *tenv, const char *s) {
    for (size_t i = 0; i < tenv->interned.len; i++)
        if (!strcmp(tenv->interned.items[i], s)) return tenv->interned.items[i];
    const char *c = eddy__arena_strdup(&tenv->env->arena, s);
    if (c && !ed_vec_push(&tenv->interned, c)) return NULL;
    return c;
}

static eddy_status bad_value(eddy_env *env, const char *key, const char *value) {
    return eddy__api_err(env, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", value, key);
}

static bool parse_int(const char *s, int *out) {
    char *end;
    while (*s == ' ') s++;
    long v = strtol(s, &end, 10);
    while (*end == ' ') end++;
    if (end == s || *end || v < INT_MIN || v > INT_MAX) return false;
    *out = (int)v;
    return true;
}

static bool parse_bool(const char *s, bool *out) {
    if (eddy__str_ieq(s, "true")) *out = true;
    else if (eddy__str_ieq(s, "false")) *out = false;
    else return false;
    return true;
}

/* Applies a known option's value to the environment's state. */
static eddy_status apply(eddy_tenv *tenv, const KnownOption *o, const char *value) {
    eddy_env *env = tenv->env;
    const char *key = o->key;
    switch (o->kind) {
    case OPT_MODE:
        if (eddy__str_ieq(value, "streaming")) tenv->mode = EDDY_STREAMING;
        else if (eddy__str_ieq(value, "batch")) tenv->mode = EDDY_BATCH;
        else if (eddy__str_ieq(value, "automatic"))
            return eddy__api_err(env, EDDY_E_UNSUPPORTED, "not supported yet: execution.runtime-mode AUTOMATIC");
        else
            return eddy__api_err(env, EDDY_E_VALIDATION,
                                 "Could not parse value '%s' for key '%s'. Possible values: [STREAMING, BATCH, "
                                 "AUTOMATIC]",
                                 value, key);
        return EDDY_OK;
    case OPT_ZONE: {
        const char *name = strcmp(value, "default") ? value : eddy__api_default_zone();
        const TimeZone *tz;
        EdErr err = {0};
        if (eddy__tz_load(name, &tz, &err) != EDDY_OK) {
            eddy__err_clear(&err);
            return eddy__api_err(env, EDDY_E_VALIDATION,
                                 "The supported Zone ID is either a full name such as 'America/Los_Angeles', or a "
                                 "custom timezone id such as 'GMT-08:00', but configured Zone ID is '%s'.",
                                 value);
        }
        tenv->tz = tz;
        tenv->tz_name = intern(tenv, value);
        return tenv->tz_name ? EDDY_OK : eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    }
    case OPT_BOOL: {
        bool b;
        if (!parse_bool(value, &b)) return bad_value(env, key, value);
        if (!strcmp(key, "table.dml-sync")) tenv->dml_sync = b;
        return EDDY_OK;
    }
    case OPT_INT: {
        int v;
        if (!parse_int(value, &v)) return bad_value(env, key, value);
        if (!strcmp(key, "parallelism.default")) {
            if (v == -1) v = tenv->default_parallelism; /* Flink's "use the default" */
            if (v < 1 || v > 32768)
                return eddy__api_err(env, EDDY_E_VALIDATION,
                                     "The parallelism must be at least one, and lower or equal than 32768.");
            env->cfg.parallelism = v;
        } else {
            if (v < 1) return bad_value(env, key, value);
            tenv->max_column_width = v;
        }
        return EDDY_OK;
    }
    case OPT_DURATION: {
        /* task.cancellation.timeout; as in Flink, 0 waits for ever */
        int64_t ms;
        if (!eddy__parse_duration_ms(value, &ms)) return bad_value(env, key, value);
        env->cfg.task_cancellation_timeout_ms = ms ? ms : -1;
        return EDDY_OK;
    }
    case OPT_DIALECT: {
        /* SqlDialect.valueOf of the upper-cased value */
        char up[64];
        size_t n = strlen(value);
        if (n >= sizeof up) n = sizeof up - 1;
        for (size_t i = 0; i < n; i++) up[i] = (char)(value[i] >= 'a' && value[i] <= 'z' ? value[i] - 32 : value[i]);
        up[n] = 0;
        if (!strcmp(up, "DEFAULT")) return EDDY_OK;
        if (!strcmp(up, "HIVE"))
            return eddy__api_err(env, EDDY_E_UNSUPPORTED, "not supported yet: the Hive dialect ('%s' = '%s')", key,
                                 value);
        return eddy__api_err(env, EDDY_E_VALIDATION, "No enum constant org.apache.flink.table.api.SqlDialect.%s",
                             up);
    }
    case OPT_RESULT_MODE:
        if (eddy__str_ieq(value, "tableau")) tenv->result_mode = EDDY_PRINT_CLIENT;
        else if (eddy__str_ieq(value, "changelog")) tenv->result_mode = EDDY_PRINT_CHANGELOG;
        else if (eddy__str_ieq(value, "table")) tenv->result_mode = EDDY_PRINT_TABLE;
        else
            return eddy__api_err(env, EDDY_E_VALIDATION,
                                 "Could not parse value '%s' for key '%s'. Possible values: [TABLE, CHANGELOG, TABLEAU]",
                                 value, key);
        return EDDY_OK;
    }
    return EDDY_OK;
}

/* The stored entry for key, or NULL. */
static TableOption *stored(eddy_tenv *tenv, const char *key) {
    for (size_t i = 0; i < tenv->options.len; i++)
        if (!strcmp(tenv->options.items[i].key, key)) return &tenv->options.items[i];
    return NULL;
}

eddy_status eddy_tenv_set_option(eddy_tenv *tenv, const char *key, const char *value) {
    if (!tenv) return EDDY_E_MISUSE;
    eddy_env *env = tenv->env;
    if (env->err.code) return env->err.code;
    if (!key || !value) return eddy__api_err(env, EDDY_E_MISUSE, "set_option: key and value are required.");
    if (!*key) return eddy__api_err(env, EDDY_E_VALIDATION, "set_option: the key is empty.");
    const KnownOption *o = find_known(key);
    if (o) {
        eddy_status rc = apply(tenv, o, value);
        if (rc) return rc;
    }
    if (eddy__api_is_checkpoint_option(key) || eddy__monitor_is_option(key) || mem_option(key)) {
        eddy_status rc = eddy_env_set_option(env, key, value);
        if (rc) return rc;
    }
    EdErr perr = {0};
    if (eddy__plan_check_option(key, value, &perr)) return eddy__api_take(env, &perr);
    const char *v = intern(tenv, value);
    if (!v) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    TableOption *s = stored(tenv, key);
    if (s) {
        s->value = v;
        return EDDY_OK;
    }
    TableOption kv = {intern(tenv, key), v};
    if (!kv.key || !ed_vec_push(&tenv->options, kv)) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

const char *eddy_tenv_get_option(eddy_tenv *tenv, const char *key) {
    if (!tenv || !key) return NULL;
    TableOption *s = stored(tenv, key);
    if (s) return s->value;
    const KnownOption *o = find_known(key);
    if (!o) return NULL;
    if (o->kind == OPT_MODE) return tenv->mode == EDDY_BATCH ? "BATCH" : "STREAMING";
    if (!strcmp(key, "parallelism.default")) {
        snprintf(tenv->par_text, sizeof tenv->par_text, "%d", tenv->env->cfg.parallelism);
        return tenv->par_text;
    }
    if (o->kind == OPT_DURATION) {
        /* the env's value, as Flink prints a Duration ("3 min"; 0: for ever) */
        int64_t ms = tenv->env->cfg.task_cancellation_timeout_ms;
        Buf b;
        eddy__buf_init(&b);
        eddy__buf_duration_ms(&b, ms < 0 ? 0 : ms);
        snprintf(tenv->timeout_text, sizeof tenv->timeout_text, "%s", b.failed ? "" : eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        return tenv->timeout_text;
    }
    return o->def;
}

eddy_status eddy_tenv_reset_option(eddy_tenv *tenv, const char *key) {
    if (!tenv) return EDDY_E_MISUSE;
    eddy_env *env = tenv->env;
    if (env->err.code) return env->err.code;
    for (size_t i = 0; i < tenv->options.len;) {
        TableOption *s = &tenv->options.items[i];
        if (key && strcmp(s->key, key)) {
            i++;
            continue;
        }
        const KnownOption *o = find_known(s->key);
        if (o) {
            if (o->kind == OPT_MODE) tenv->mode = tenv->initial_mode;
            else if (!strcmp(o->key, "parallelism.default")) env->cfg.parallelism = tenv->default_parallelism;
            else if (o->kind == OPT_DURATION) env->cfg.task_cancellation_timeout_ms = tenv->default_cancel_timeout_ms;
            else if (o->def) apply(tenv, o, o->def);
        }
        if (!strcmp(s->key, MEM_MANAGED_SIZE_OPTION)) env->managed_size = NULL;
        if (!strcmp(s->key, MEM_MANAGED_FRACTION_OPTION)) env->managed_fraction = NULL;
        if (eddy__api_is_checkpoint_option(s->key)) {
            const char *def = !strcmp(s->key, CKPT_OPT_INTERVAL) ? "0 ms" : !strcmp(s->key, CKPT_OPT_RETAINED) ? "1" : "";
            eddy_env_set_option(env, s->key, def);
        }
        tenv->options.items[i] = tenv->options.items[--tenv->options.len];
    }
    return EDDY_OK;
}

static int cmp_opt(const void *a, const void *b) {
    return strcmp(((const TableOption *)a)->key, ((const TableOption *)b)->key);
}

eddy_result *eddy__api_options_result(eddy_tenv *tenv) {
    eddy_env *env = tenv->env;
    size_t n = tenv->options.len;
    TableOption *all = eddy__calloc(n + 1, sizeof *all);
    if (!all) return eddy__api_nomem(env);
    if (n) memcpy(all, tenv->options.items, n * sizeof *all);
    qsort(all, n, sizeof *all, cmp_opt);
    const char *names[] = {"key", "value"};
    const Type *types[] = {eddy__type_string(false), eddy__type_string(false)};
    Batch *b = eddy__batch_new_typed(2, types, n ? (uint32_t)n : 1);
    if (!b) {
        eddy__free(all);
        return eddy__api_nomem(env);
    }
    for (size_t i = 0; i < n; i++) {
        eddy__vec_set_str(b->cols[0], (uint32_t)i, all[i].key, strlen(all[i].key));
        const char *v = eddy__api_option_shown(all[i].key, all[i].value);
        eddy__vec_set_str(b->cols[1], (uint32_t)i, v, strlen(v));
    }
    b->n = b->count = (uint32_t)n;
    eddy__free(all);
    return eddy__api_static_result(tenv, EDDY_RESULT_SUCCESS_WITH_CONTENT, EDDY_STMT_SET, 2, names, types, b);
}
