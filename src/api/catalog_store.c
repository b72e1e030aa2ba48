/*
 * catalog_store.c -- the persistent catalog store of executeSql
 * (table.catalog-store.kind = file, table.catalog-store.file.path = DIR).
 *
 * On disk, in DIR:
 *  - <catalog>.yaml for every catalog made by CREATE CATALOG: its options
 *    as a YAML map of strings (`type: "generic_in_memory"`), rewritten by
 *    ALTER CATALOG and removed by DROP CATALOG;
 *  - eddy/ddl.sql: the log of the statements that changed the permanent
 *    catalog objects (CREATE / ALTER / DROP of catalogs, databases, tables,
 *    views and functions, and the USE statements that unqualified names
 *    depend on), appended as each one succeeds. Each record is a line
 *    "-- eddy-ddl <bytes>" followed by the statement's text and a newline.
 *
 * The store opens with the first statement executed once the kind is
 * `file` (SET statements excepted): the log is replayed in order (not
 * logged again), the catalogs of .yaml files the log did not create are
 * created from their options, and the current catalog and database go back
 * to default_catalog.default_database. Temporary objects, CREATE TABLE AS
 * SELECT and objects made through the C API are not kept.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api/api.h"
#include "sql/parser.h"

#define LOG_DIR "eddy"
#define LOG_FILE "eddy/ddl.sql"
#define RECORD_TAG "-- eddy-ddl "

static const char *store_option(eddy_tenv *tenv, const char *key) {
    for (size_t i = 0; i < tenv->options.len; i++)
        if (!strcmp(tenv->options.items[i].key, key)) return tenv->options.items[i].value;
    return NULL;
}

/* Whether st, having succeeded, changed the permanent catalog objects. */
static bool is_logged(eddy_tenv *tenv, const AstStmt *st) {
    switch (st->kind) {
    case AST_STMT_CREATE_TABLE: return !st->u.create_table.temporary && !st->u.create_table.as_query;
    case AST_STMT_DROP_TABLE: return !st->u.drop.temporary && !st->u.drop.materialized;
    case AST_STMT_DROP_VIEW:
    case AST_STMT_DROP_FUNCTION: return !st->u.drop.temporary;
    case AST_STMT_CREATE_VIEW: return !st->u.create_view.temporary;
    case AST_STMT_CREATE_FUNCTION:
    case AST_STMT_ALTER_FUNCTION: return !st->u.function.temporary;
    case AST_STMT_ALTER_TABLE:
    case AST_STMT_ALTER_VIEW: {
        /* not the ALTER of a temporary object (its path after a rename) */
        const AstName *n = st->kind == AST_STMT_ALTER_TABLE ? &st->u.alter_table.name : &st->u.alter_view.name;
        const AstName *to = st->kind == AST_STMT_ALTER_TABLE ? &st->u.alter_table.new_name : &st->u.alter_view.new_name;
        if (to->nparts) n = to;
        const char *q = eddy__catalog_qualify(tenv->env->sa, &tenv->catalog, n->parts, n->nparts);
        const CatalogEntry *e = q ? eddy__catalog_get(&tenv->catalog, q) : NULL;
        return !e || !e->temporary;
    }
    case AST_STMT_CREATE_CATALOG:
    case AST_STMT_DROP_CATALOG:
    case AST_STMT_ALTER_CATALOG:
    case AST_STMT_CREATE_DATABASE:
    case AST_STMT_DROP_DATABASE:
    case AST_STMT_ALTER_DATABASE:
    case AST_STMT_USE_CATALOG:
    case AST_STMT_USE_DATABASE: return true;
    default: return false;
    }
}

static const char *path_in(eddy_tenv *tenv, const char *name) {
    return eddy__arena_printf(tenv->env->sa, "%s/%s", tenv->store_dir, name);
}

static bool yaml_plain_char(char ch) { return ch != '"' && ch != '\\' && (unsigned char)ch >= 0x20; }

/* Writes catalog `name`'s options to <dir>/<name>.yaml. */
static eddy_status write_yaml(eddy_tenv *tenv, const char *name) {
    const CatalogInfo *ci = NULL;
    for (size_t i = 0; i < tenv->catalog.infos.len; i++)
        if (!strcmp(tenv->catalog.infos.items[i].name, name)) ci = &tenv->catalog.infos.items[i];
    const char *path = path_in(tenv, eddy__arena_printf(tenv->env->sa, "%s.yaml", name));
    FILE *f = path ? fopen(path, "w") : NULL;
    if (!f)
        return eddy__api_err(tenv->env, EDDY_E_IO, "Failed to store catalog %s's configuration to file %s: %s",
                             name, path ? path : name, strerror(errno));
    for (size_t i = 0; ci && i < ci->opts.len; i++) {
        fprintf(f, "%s: \"", ci->opts.items[i].key);
        for (const char *s = ci->opts.items[i].value; *s; s++) {
            if (yaml_plain_char(*s)) fputc(*s, f);
            else if (*s == '\n') fputs("\\n", f);
            else if (*s == '"' || *s == '\\') fprintf(f, "\\%c", *s);
            else fprintf(f, "\\x%02x", (unsigned char)*s);
        }
        fputs("\"\n", f);
    }
    if (fclose(f))
        return eddy__api_err(tenv->env, EDDY_E_IO, "Failed to store catalog %s's configuration to file %s: %s",
                             name, path, strerror(errno));
    return EDDY_OK;
}

static eddy_status append_log(eddy_tenv *tenv, const char *statement) {
    const char *path = path_in(tenv, LOG_FILE);
    FILE *f = path ? fopen(path, "a") : NULL;
    bool ok = f && fprintf(f, RECORD_TAG "%zu\n%s\n", strlen(statement), statement) > 0;
    if (f && fclose(f)) ok = false;
    if (!ok)
        return eddy__api_err(tenv->env, EDDY_E_IO, "Failed to write the catalog store's log %s: %s",
                             path ? path : LOG_FILE, strerror(errno));
    return EDDY_OK;
}

eddy_status eddy__store_record(eddy_tenv *tenv, const AstStmt *st, const char *statement) {
    if (!tenv->store_dir || tenv->store_replaying || !is_logged(tenv, st)) return EDDY_OK;
    if (append_log(tenv, statement)) return EDDY_E_IO;
    const char *name = NULL;
    switch (st->kind) {
    case AST_STMT_CREATE_CATALOG:
    case AST_STMT_ALTER_CATALOG:
        name = st->u.object.name.parts[st->u.object.name.nparts - 1];
        return write_yaml(tenv, name);
    case AST_STMT_DROP_CATALOG: {
        name = st->u.drop.name.parts[st->u.drop.name.nparts - 1];
        const char *path = path_in(tenv, eddy__arena_printf(tenv->env->sa, "%s.yaml", name));
        if (path && unlink(path) && errno != ENOENT)
            return eddy__api_err(tenv->env, EDDY_E_IO, "Failed to remove catalog %s's store file.", name);
        return EDDY_OK;
    }
    default: return EDDY_OK;
    }
}

/* Runs one stored statement; false with the env's error. */
static bool replay(eddy_tenv *tenv, const char *sql, const char *where) {
    eddy_result *r = eddy_tenv_execute_sql(tenv, sql);
    if (r) {
        eddy_result_free(r);
        return true;
    }
    const char *msg = eddy_env_errmsg(tenv->env);
    char *copy = strdup(msg ? msg : "");
    eddy_env_clear_error(tenv->env);
    eddy__api_err(tenv->env, EDDY_E_VALIDATION, "Failed to restore the catalog store %s (%s): %s", tenv->store_dir,
                  where, copy ? copy : "out of memory");
    free(copy);
    return false;
}

static bool replay_log(eddy_tenv *tenv) {
    const char *path = path_in(tenv, LOG_FILE);
    FILE *f = path ? fopen(path, "r") : NULL;
    if (!f) return errno == ENOENT;
    char line[64];
    bool ok = true;
    long rec = 0;
    while (ok && fgets(line, sizeof line, f)) {
        rec++;
        char *end;
        size_t taglen = strlen(RECORD_TAG);
        unsigned long long n = strncmp(line, RECORD_TAG, taglen) ? 0 : strtoull(line + taglen, &end, 10);
        char *sql = n && n < (1u << 30) ? malloc((size_t)n + 1) : NULL;
        if (!sql || fread(sql, 1, (size_t)n, f) != n || fgetc(f) != '\n') {
            free(sql);
            eddy__api_err(tenv->env, EDDY_E_VALIDATION, "Failed to restore the catalog store %s: record %ld of %s is damaged.",
                          tenv->store_dir, rec, path);
            ok = false;
            break;
        }
        sql[n] = 0;
        ok = replay(tenv, sql, eddy__arena_printf(tenv->env->sa, "record %ld of %s", rec, LOG_FILE));
        free(sql);
    }
    fclose(f);
    return ok;
}

/* CREATE CATALOG `name` WITH (...) from a .yaml file's `key: "value"` lines. */
static bool load_yaml(eddy_tenv *tenv, const char *file, const char *name) {
    FILE *f = fopen(path_in(tenv, file), "r");
    if (!f) return true;
    Buf sql = {0};
    eddy__buf_printf(&sql, "CREATE CATALOG `%s` WITH (", name);
    char line[4096];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!colon || line[0] == '#') continue;
        *colon = 0;
        char *v = colon + 1;
        while (*v == ' ') v++;
        size_t len = strcspn(v, "\r\n");
        v[len] = 0;
        if (len >= 2 && (v[0] == '"' || v[0] == '\'') && v[len - 1] == v[0]) v[len - 1] = 0, v++;
        eddy__buf_printf(&sql, "%s'%s' = '", n++ ? ", " : "", line);
        for (char *s = v; *s; s++) {
            if (*s == '\\' && s[1]) s++;
            if (*s == '\'') eddy__buf_puts(&sql, "'");
            eddy__buf_putc(&sql, *s);
        }
        eddy__buf_puts(&sql, "'");
    }
    fclose(f);
    eddy__buf_puts(&sql, ")");
    bool ok = sql.data && replay(tenv, sql.data, file);
    eddy__buf_free(&sql);
    return ok;
}

static bool load_yaml_catalogs(eddy_tenv *tenv) {
    DIR *d = opendir(tenv->store_dir);
    if (!d) return true;
    bool ok = true;
    struct dirent *de;
    while (ok && (de = readdir(d))) {
        size_t len = strlen(de->d_name);
        if (len <= 5 || strcmp(de->d_name + len - 5, ".yaml")) continue;
        char *name = eddy__arena_strdup(tenv->env->sa, de->d_name);
        if (!name) continue;
        name[len - 5] = 0;
        if (!eddy__catalog_has_catalog(&tenv->catalog, name)) ok = load_yaml(tenv, de->d_name, name);
    }
    closedir(d);
    return ok;
}

eddy_status eddy__store_open(eddy_tenv *tenv) {
    if (tenv->store_dir || tenv->store_replaying) return EDDY_OK;
    const char *kind = store_option(tenv, "table.catalog-store.kind");
    if (!kind || !strcmp(kind, "generic_in_memory")) return EDDY_OK;
    eddy_env *env = tenv->env;
    if (strcmp(kind, "file"))
        return eddy__api_err(env, EDDY_E_VALIDATION,
                             "Could not find any factory for identifier '%s' that implements "
                             "'org.apache.flink.table.factories.CatalogStoreFactory' in the classpath.\n\nAvailable "
                             "factory identifiers are:\n\nfile\ngeneric_in_memory",
                             kind);
    const char *dir = store_option(tenv, "table.catalog-store.file.path");
    if (!dir || !*dir)
        return eddy__api_err(env, EDDY_E_VALIDATION,
                             "One or more required options are missing.\n\nMissing required options are:\n\n"
                             "table.catalog-store.file.path");
    struct stat sb;
    if (stat(dir, &sb))
        return eddy__api_err(env, EDDY_E_VALIDATION,
                             "Failed to open catalog store. The catalog store directory %s does not exist.", dir);
    if (!S_ISDIR(sb.st_mode))
        return eddy__api_err(env, EDDY_E_VALIDATION,
                             "Failed to open catalog store. The given catalog store path %s is not a directory.", dir);
    const char *sub = eddy__arena_printf(&env->arena, "%s/" LOG_DIR, dir);
    const char *log = eddy__arena_printf(&env->arena, "%s/" LOG_FILE, dir);
    if (!sub || !log) return eddy__api_nomem(env), EDDY_E_NOMEM;
    /* writable: the log's folder can be made and the log opened for appending */
    FILE *probe = NULL;
    if ((mkdir(sub, 0777) && errno != EEXIST) || !(probe = fopen(log, "a"))) {
        if (errno == EACCES || errno == EPERM || errno == EROFS)
            return eddy__api_err(env, EDDY_E_VALIDATION,
                                 "Failed to open catalog store. The catalog store directory %s is not writable.", dir);
        return eddy__api_err(env, EDDY_E_IO, "Failed to open catalog store: cannot write %s: %s", log,
                             strerror(errno));
    }
    fclose(probe);
    tenv->store_dir = eddy__arena_strdup(&env->arena, dir);
    if (!tenv->store_dir) return eddy__api_nomem(env), EDDY_E_NOMEM;
    tenv->store_replaying = true;
    bool ok = replay_log(tenv) && load_yaml_catalogs(tenv);
    tenv->store_replaying = false;
    EdErr ignore = {0};
    if (eddy__catalog_has_database(&tenv->catalog, "default_catalog", "default_database"))
        eddy__catalog_use_database(&tenv->catalog, "default_catalog", "default_database", &ignore);
    eddy__err_clear(&ignore);
    /* after a failed record the store stays open: what was restored is
     * kept, and the log is left as it is for the user to mend */
    return ok ? EDDY_OK : EDDY_E_VALIDATION;
}
