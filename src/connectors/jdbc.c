/*
 * jdbc.c -- 'connector' = 'jdbc' for PostgreSQL on libpq, with Flink's
 * options: url (jdbc:postgresql://host[:port][/database][?user=..&..]),
 * table-name, username / password (both or neither; masked wherever eddy
 * shows options, never put into a message), driver.
 *
 * Scan (bounded in both modes): SELECT of the physical columns. With
 * scan.fetch-size > 0 the rows come through a cursor (FETCH n in a read-only
 * transaction), otherwise in libpq's single-row mode; either way at most a
 * batch of rows is held. scan.partition.column / num / lower-bound /
 * upper-bound split [lower, upper] into num ranges as Flink's
 * JdbcNumericBetweenParametersProvider does (WHERE column BETWEEN lo AND
 * hi; rows outside the bounds are not read), dealt to the subtasks round
 * robin. Values are read as text with DateStyle ISO, TimeZone UTC; each
 * result column's PostgreSQL type is checked against the declared type
 * (Flink's mapping) before a row is read.
 *
 * Sink: INSERT (no primary key) or INSERT ... ON CONFLICT (pk) DO UPDATE
 * (primary key; -D rows DELETE by key), prepared once per connection and
 * sent in libpq's pipeline mode, one implicit transaction per flush
 * (sink.buffer-flush.max-rows, sink.buffer-flush.interval). A broken
 * connection is re-opened and the flush retried up to sink.max-retries
 * times; a statement the server rejects fails the job at once.
 */
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <time.h>

#include "connectors/connector.h"
#include "formats/formats.h"
#include "types/format.h"
#include "types/serde.h"

static const char *const jdbc_required[] = {"url", "table-name", NULL};
static const char *const jdbc_optional[] = {
    "driver", "username", "password", "connection.max-retry-timeout", "scan.partition.column",
    "scan.partition.num", "scan.partition.lower-bound", "scan.partition.upper-bound", "scan.fetch-size",
    "scan.auto-commit", "lookup.cache", "lookup.partial-cache.max-rows", "lookup.partial-cache.expire-after-write",
    "lookup.partial-cache.expire-after-access", "lookup.partial-cache.cache-missing-key", "lookup.max-retries",
    "lookup.cache.max-rows", "lookup.cache.ttl", "lookup.cache.caching-missing-key", "sink.buffer-flush.max-rows",
    "sink.buffer-flush.interval", "sink.max-retries", "sink.parallelism", NULL};

/* Where and how to connect: libpq keywords and values, NULL-terminated. */
typedef struct PgConn {
    const char *keys[10];
    const char *vals[10];
    const char *where; /* jdbc:postgresql://host:port/db without parameters: for messages */
    const char *table; /* table-name as given (Flink's PostgreSQL dialect does not quote it) */
    const char *path;  /* the eddy table */
} PgConn;

/* ---- planning: the url, the options, the types ---------------------------------------- */

static const char *dup_n(Arena *a, const char *s, size_t n) {
    char *o = eddy__arena_alloc(a, n + 1);
    if (o) memcpy(o, s, n), o[n] = 0;
    return o;
}

static eddy_status parse_url(const ConnectorCtx *cx, PgConn *c, EdErr *err) {
    const TableDef *d = cx->def;
    const char *url = eddy__table_option(d, "url");
    static const char prefix[] = "jdbc:postgresql:";
    if (strncmp(url, prefix, sizeof prefix - 1))
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Could not find any jdbc dialect factory that can handle url '%s'. eddy's 'jdbc' connector "
                         "supports PostgreSQL only (jdbc:postgresql://host:port/database).",
                         strncmp(url, "jdbc:", 5) ? "<not a jdbc url>" : url);
    const char *driver = eddy__table_option(d, "driver");
    if (driver && strcmp(driver, "org.postgresql.Driver"))
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Unsupported 'driver' = '%s' for url '%s': eddy reads PostgreSQL through libpq "
                         "(driver 'org.postgresql.Driver').",
                         driver, "jdbc:postgresql:...");
    const char *p = url + sizeof prefix - 1, *q = strchr(p, '?');
    size_t plen = q ? (size_t)(q - p) : strlen(p);
    const char *host = "localhost", *port = "5432", *db = NULL;
    if (plen >= 2 && p[0] == '/' && p[1] == '/') {
        const char *h = p + 2, *end = p + plen, *slash = memchr(h, '/', (size_t)(end - h));
        const char *hend = slash ? slash : end, *colon = memchr(h, ':', (size_t)(hend - h));
        if (hend > h) host = dup_n(cx->a, h, (size_t)((colon ? colon : hend) - h));
        if (colon) port = dup_n(cx->a, colon + 1, (size_t)(hend - colon - 1));
        if (slash && end > slash + 1) db = dup_n(cx->a, slash + 1, (size_t)(end - slash - 1));
    } else if (plen) {
        db = dup_n(cx->a, p, plen);
    }
    c->where = dup_n(cx->a, url, (size_t)(p + plen - url));
    int n = 0;
    c->keys[n] = "host", c->vals[n++] = host;
    c->keys[n] = "port", c->vals[n++] = port;
    if (db) c->keys[n] = "dbname", c->vals[n++] = db;
    const char *user = eddy__table_option(d, "username"), *pw = eddy__table_option(d, "password");
    if (!user != !pw)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Either all or none of the following options should be provided:\nusername\npassword");
    /* url parameters: user, password, sslmode, connectTimeout, ApplicationName; other
     * driver parameters tune the Java driver and are ignored */
    for (const char *a = q ? q + 1 : NULL; a && *a;) {
        const char *amp = strchr(a, '&'), *e = amp ? amp : a + strlen(a), *eq = memchr(a, '=', (size_t)(e - a));
        if (eq) {
            size_t kl = (size_t)(eq - a);
            const char *v = dup_n(cx->a, eq + 1, (size_t)(e - eq - 1));
            const char *key = kl == 4 && !strncmp(a, "user", 4)                ? "user"
                              : kl == 8 && !strncmp(a, "password", 8)          ? "password"
                              : kl == 7 && !strncmp(a, "sslmode", 7)           ? "sslmode"
                              : kl == 14 && !strncmp(a, "connectTimeout", 14)  ? "connect_timeout"
                              : kl == 15 && !strncmp(a, "ApplicationName", 15) ? "application_name"
                                                                               : NULL;
            if (key && n < 8 && !(user && (!strcmp(key, "user") || !strcmp(key, "password"))))
                c->keys[n] = key, c->vals[n++] = v;
        }
        a = amp ? amp + 1 : e;
    }
    if (user) {
        c->keys[n] = "user", c->vals[n++] = user;
        c->keys[n] = "password", c->vals[n++] = pw;
    }
    c->keys[n] = c->vals[n] = NULL;
    c->table = eddy__table_option(d, "table-name");
    c->path = d->path;
    return EDDY_OK;
}

/* Flink's PostgreSQL dialect: the types it reads and writes. */
static eddy_status check_type(const ConnectorCtx *cx, const char *name, const Type *t, EdErr *err) {
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN:
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT:
    case TY_FLOAT:
    case TY_DOUBLE:
    case TY_DECIMAL:
    case TY_CHAR:
    case TY_VARCHAR:
    case TY_BINARY:
    case TY_VARBINARY:
    case TY_DATE:
    case TY_TIME:
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: return EDDY_OK;
    case TY_ARRAY:
        if (t->elem->root != TY_ARRAY && t->elem->root != TY_BINARY && t->elem->root != TY_VARBINARY)
            return check_type(cx, name, t->elem, err);
        break;
    default: break;
    }
    return eddy__err(err, EDDY_E_VALIDATION, "The PostgreSQL dialect doesn't support type: %s (column '%s' of %s).",
                     eddy__type_str(cx->a, t), name, cx->def->path);
}

static eddy_status check_types(const ConnectorCtx *cx, EdErr *err) {
    if (cx->nmeta)
        return eddy__err(err, EDDY_E_VALIDATION, "The jdbc connector has no metadata column '%s'.", cx->meta_keys[0]);
    for (int i = 0; i < cx->nphys; i++) {
        eddy_status rc = check_type(cx, cx->phys_names[i], cx->phys_types[i], err);
        if (rc) return rc;
    }
    return EDDY_OK;
}

/* ---- connections ------------------------------------------------------------------------ */

#ifdef EDDY_HAVE_LIBPQ
#include <libpq-fe.h>

/* The first line of libpq's message, or the whole when it explains (hints). */
static void pg_message(Buf *b, const char *m) {
    size_t n = strlen(m);
    while (n && (m[n - 1] == '\n' || m[n - 1] == ' ')) n--;
    eddy__buf_put(b, m, n);
}

/* Connects and sets the session up for text values eddy reads. */
static PGconn *pg_connect(Op *op, const PgConn *c) {
    PGconn *conn = PQconnectdbParams(c->keys, c->vals, 0);
    if (!conn) {
        eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        return NULL;
    }
    if (PQstatus(conn) != CONNECTION_OK) {
        Buf b;
        eddy__buf_init(&b);
        pg_message(&b, PQerrorMessage(conn));
        eddy__op_fail(op, EDDY_E_IO, "Failed to connect to PostgreSQL at '%s' for table '%s' (%s): %s", c->where,
                      c->table, c->path, eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        PQfinish(conn);
        return NULL;
    }
    PGresult *r = PQexec(conn, "SET DateStyle = ISO; SET TimeZone = 'UTC'; SET IntervalStyle = postgres; "
                               "SET extra_float_digits = 3; SET client_encoding = 'UTF8'; SET bytea_output = hex");
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    if (!ok) {
        eddy__op_fail(op, EDDY_E_IO, "Setting up the PostgreSQL session for table '%s' failed: %s", c->table,
                      PQerrorMessage(conn));
        PQfinish(conn);
        return NULL;
    }
    return conn;
}

/* Fails op with the server's message of r for `what`. */
static eddy_status pg_fail(Op *op, const PgConn *c, const char *what, const PGresult *r, PGconn *conn,
                           const char *sql) {
    const char *m = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : NULL;
    Buf b;
    eddy__buf_init(&b);
    pg_message(&b, m ? m : PQerrorMessage(conn));
    eddy__op_fail(op, EDDY_E_IO, "%s PostgreSQL table '%s' (%s) failed: %s\nStatement: %s", what, c->table, c->path,
                  eddy__buf_cstr(&b), sql);
    eddy__buf_free(&b);
    return EDDY_E_IO;
}
#endif

/* ---- the source ------------------------------------------------------------------------- */

typedef struct JdbcScanPlan {
    PgConn c;
    int ncols;
    const char *const *names;
    const Type *const *types;
    const char *select;  /* SELECT cols FROM table */
    const char *pcol;    /* scan.partition.column, or NULL */
    int npart;
    const int64_t *lo, *hi;
    int64_t fetch_size;
} JdbcScanPlan;

static eddy_status partition_options(const ConnectorCtx *cx, JdbcScanPlan *p, EdErr *err) {
    static const char *const keys[] = {"scan.partition.column", "scan.partition.num", "scan.partition.lower-bound",
                                       "scan.partition.upper-bound"};
    int have = 0;
    for (int i = 0; i < 4; i++) have += eddy__table_option(cx->def, keys[i]) != NULL;
    if (!have) return EDDY_OK;
    if (have != 4)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Either all or none of the following options should be provided:\n%s\n%s\n%s\n%s", keys[0],
                         keys[1], keys[2], keys[3]);
    int64_t num, lo, hi;
    eddy_status rc;
    if ((rc = eddy__option_long(cx->def, keys[1], 0, &num, err)) ||
        (rc = eddy__option_long(cx->def, keys[2], 0, &lo, err)) ||
        (rc = eddy__option_long(cx->def, keys[3], 0, &hi, err)))
        return rc;
    if (lo > hi)
        return eddy__err(err, EDDY_E_VALIDATION, "'%s'='%lld' must not be larger than '%s'='%lld'.", keys[2],
                         (long long)lo, keys[3], (long long)hi);
    if (num < 1 || num > 65536)
        return eddy__err(err, EDDY_E_VALIDATION, "'%s' must be between 1 and 65536, not %lld.", keys[1],
                         (long long)num);
    const char *col = eddy__table_option(cx->def, keys[0]);
    int ci = -1;
    for (int i = 0; i < cx->nphys; i++)
        if (!strcmp(cx->phys_names[i], col)) ci = i;
    if (ci < 0)
        return eddy__err(err, EDDY_E_VALIDATION, "'%s' = '%s' is not a column of table %s.", keys[0], col,
                         cx->def->path);
    int root = cx->phys_types[ci]->root;
    if (root != TY_SMALLINT && root != TY_INT && root != TY_BIGINT && root != TY_DECIMAL)
        return eddy__err(err, EDDY_E_VALIDATION, "'%s' = '%s' must be a numeric column, not %s.", keys[0], col,
                         eddy__type_str(cx->a, cx->phys_types[ci]));
    /* Flink's JdbcNumericBetweenParametersProvider */
    __extension__ __int128 count = (__int128)hi - lo + 1;
    if (num > count) num = (int64_t)count;
    __extension__ __int128 size = (count + num - 1) / num, big = count - (size - 1) * num, start = lo;
    int64_t *plo = eddy__arena_alloc(cx->a, sizeof(int64_t) * (size_t)num);
    int64_t *phi = eddy__arena_alloc(cx->a, sizeof(int64_t) * (size_t)num);
    if (!plo || !phi) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    for (int64_t i = 0; i < num; i++) {
        __extension__ __int128 end = start + size - 1 - (i >= big ? 1 : 0);
        plo[i] = (int64_t)start, phi[i] = (int64_t)end;
        start = end + 1;
    }
    p->pcol = col;
    p->npart = (int)num;
    p->lo = plo, p->hi = phi;
    return EDDY_OK;
}

static const char *column_list(Arena *a, int n, const char *const *names) {
    Buf b;
    eddy__buf_init(&b);
    for (int i = 0; i < n; i++) eddy__buf_printf(&b, "%s%s", i ? ", " : "", names[i]);
    const char *s = eddy__arena_strdup(a, eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return s;
}

extern const OpVtab eddy__op_jdbc_scan;

static eddy_status jdbc_source(const ConnectorCtx *cx, SourceSpec *out, EdErr *err) {
    JdbcScanPlan *p = eddy__arena_alloc(cx->a, sizeof *p);
    if (!p) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    memset(p, 0, sizeof *p);
    eddy_status rc;
    if ((rc = parse_url(cx, &p->c, err)) || (rc = check_types(cx, err)) || (rc = partition_options(cx, p, err)) ||
        (rc = eddy__option_long(cx->def, "scan.fetch-size", 0, &p->fetch_size, err)))
        return rc;
    if (p->fetch_size < 0)
        return eddy__err(err, EDDY_E_VALIDATION, "'scan.fetch-size' must not be negative, not %lld.",
                         (long long)p->fetch_size);
#ifndef EDDY_HAVE_LIBPQ
    return eddy__err(err, EDDY_E_UNSUPPORTED, "The 'jdbc' connector is not available: eddy was built without libpq.");
#endif
    p->ncols = cx->nphys;
    p->names = cx->phys_names;
    p->types = cx->phys_types;
    p->select = eddy__arena_printf(cx->a, "SELECT %s FROM %s",
                                   cx->nphys ? column_list(cx->a, cx->nphys, cx->phys_names) : "1", p->c.table);
    out->vt = &eddy__op_jdbc_scan;
    out->plan = p;
    out->bounded = true;
    out->parallelism = p->npart ? 0 : 1;
    out->changelog = CL_INSERT;
    out->name = eddy__arena_printf(cx->a, "JdbcTableSource[%s]", p->c.table);
    return EDDY_OK;
}

#ifdef EDDY_HAVE_LIBPQ

/* PostgreSQL type oids (pg_type.dat) */
enum {
    OID_BOOL = 16, OID_BYTEA = 17, OID_NAME = 19, OID_INT8 = 20, OID_INT2 = 21, OID_INT4 = 23, OID_TEXT = 25,
    OID_JSON = 114, OID_FLOAT4 = 700, OID_FLOAT8 = 701, OID_BPCHAR = 1042, OID_VARCHAR = 1043, OID_DATE = 1082,
    OID_TIME = 1083, OID_TIMESTAMP = 1114, OID_TIMESTAMPTZ = 1184, OID_NUMERIC = 1700, OID_UUID = 2950,
    OID_JSONB = 3802
};

/* The element oid of an array type oid, or 0. */
static Oid array_elem(Oid o) {
    static const Oid map[][2] = {{1000, OID_BOOL},    {1005, OID_INT2},      {1007, OID_INT4},
                                 {1016, OID_INT8},    {1021, OID_FLOAT4},    {1022, OID_FLOAT8},
                                 {1231, OID_NUMERIC}, {1009, OID_TEXT},      {1015, OID_VARCHAR},
                                 {1014, OID_BPCHAR},  {1182, OID_DATE},      {1183, OID_TIME},
                                 {1115, OID_TIMESTAMP}, {1185, OID_TIMESTAMPTZ}, {1003, OID_NAME}};
    for (size_t i = 0; i < ED_ARRAY_LEN(map); i++)
        if (map[i][0] == o) return map[i][1];
    return 0;
}

/* Can a PostgreSQL value of type oid be read as t? (Flink's mapping, integers
 * and floats widening; json, jsonb and uuid as their text.) */
static bool readable(Oid o, const Type *t) {
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: return o == OID_BOOL;
    case TY_SMALLINT: return o == OID_INT2;
    case TY_INT: return o == OID_INT2 || o == OID_INT4;
    case TY_BIGINT: return o == OID_INT2 || o == OID_INT4 || o == OID_INT8;
    case TY_FLOAT: return o == OID_FLOAT4;
    case TY_DOUBLE: return o == OID_FLOAT4 || o == OID_FLOAT8;
    case TY_DECIMAL: return o == OID_NUMERIC || o == OID_INT2 || o == OID_INT4 || o == OID_INT8;
    case TY_CHAR:
    case TY_VARCHAR:
        return o == OID_TEXT || o == OID_VARCHAR || o == OID_BPCHAR || o == OID_NAME || o == OID_JSON ||
               o == OID_JSONB || o == OID_UUID;
    case TY_BINARY:
    case TY_VARBINARY: return o == OID_BYTEA;
    case TY_DATE: return o == OID_DATE;
    case TY_TIME: return o == OID_TIME;
    case TY_TIMESTAMP: return o == OID_TIMESTAMP;
    case TY_TIMESTAMP_LTZ: return o == OID_TIMESTAMPTZ;
    case TY_ARRAY: return array_elem(o) && readable(array_elem(o), t->elem);
    default: return false;
    }
}

static int hexval(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static bool parse_value(const Type *t, Vector *v, uint32_t r, const char *s, size_t n, Buf *why, Buf *tmp);

/* A one-dimensional array literal: {a,"b c",NULL}. */
static bool parse_array(const Type *t, Vector *v, uint32_t r, const char *s, size_t n, Buf *why, Buf *tmp) {
    if (n < 2 || s[0] != '{' || s[n - 1] != '}') {
        eddy__buf_printf(why, "not a one-dimensional array: %.*s", (int)(n > 64 ? 64 : n), s);
        return false;
    }
    /* count the elements first: the child slots are appended at once */
    const char *e = s + n - 1;
    uint32_t cnt = 0;
    bool inq = false;
    for (const char *q = s + 1; q < e; q++) {
        if (inq && *q == '\\') q++;
        else if (*q == '"') inq = !inq;
        else if (!inq && *q == ',') cnt++;
        else if (!inq && *q == '{') {
            eddy__buf_printf(why, "multi-dimensional arrays are not supported");
            return false;
        }
    }
    if (n > 2) cnt++;
    uint32_t off = eddy__vec_list_append(v, cnt);
    Vector *c = v->child[0];
    const char *q = s + 1;
    for (uint32_t i = 0; i < cnt; i++) {
        eddy__buf_truncate(tmp, 0);
        bool quoted = *q == '"';
        if (quoted) {
            for (q++; q < e && *q != '"'; q++) {
                if (*q == '\\' && q + 1 < e) q++;
                eddy__buf_putc(tmp, *q);
            }
            q++;
        } else {
            while (q < e && *q != ',') eddy__buf_putc(tmp, *q++);
        }
        q++; /* the comma */
        if (!quoted && tmp->len == 4 && eddy__strn_ieq(tmp->data, 4, "NULL")) {
            eddy__vec_set_null(c, off + i);
            continue;
        }
        vec_set_valid(c, off + i);
        Buf inner;
        eddy__buf_init(&inner);
        char *copy = malloc(tmp->len + 1);
        if (!copy) return false;
        memcpy(copy, tmp->data ? tmp->data : "", tmp->len);
        bool ok = parse_value(t->elem, c, off + i, copy, tmp->len, why, &inner);
        free(copy);
        eddy__buf_free(&inner);
        if (!ok) return false;
    }
    VEC_DATA(v, ListEntry)[r] = (ListEntry){off, cnt};
    return true;
}

/* Parses PostgreSQL's text form s[0..n) of a value (DateStyle ISO, UTC) into
 * slot r of v (marked valid by the caller). */
static bool parse_value(const Type *t, Vector *v, uint32_t r, const char *s, size_t n, Buf *why, Buf *tmp) {
    int64_t x;
    switch ((TypeRoot)t->root) {
    case TY_CHAR:
    case TY_VARCHAR: eddy__vec_set_str(v, r, s, n); return true;
    case TY_BOOLEAN: VEC_DATA(v, uint8_t)[r] = n && s[0] == 't'; return true;
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT: {
        int bits = t->root == TY_SMALLINT ? 16 : t->root == TY_INT ? 32 : 64;
        if (!eddy__java_parse_int(s, n, bits, &x, why)) return false;
        if (bits == 16) VEC_DATA(v, int16_t)[r] = (int16_t)x;
        else if (bits == 32) VEC_DATA(v, int32_t)[r] = (int32_t)x;
        else VEC_DATA(v, int64_t)[r] = x;
        return true;
    }
    case TY_FLOAT: return eddy__java_parse_float(s, n, &VEC_DATA(v, float)[r], why);
    case TY_DOUBLE: return eddy__java_parse_double(s, n, &VEC_DATA(v, double)[r], why);
    case TY_DECIMAL: {
        bool overflow;
        if (!eddy__java_parse_decimal(s, n, t->precision, t->scale, &VEC_DATA(v, ed_i128)[r], &overflow, why))
            return false;
        if (overflow) eddy__vec_set_null(v, r);
        return true;
    }
    case TY_BINARY:
    case TY_VARBINARY: {
        if (n < 2 || s[0] != '\\' || s[1] != 'x' || n % 2) {
            eddy__buf_puts(why, "bytea is not in hex form");
            return false;
        }
        char *o = eddy__vec_str_reserve(v, r, (n - 2) / 2);
        for (size_t i = 2; o && i + 1 < n; i += 2) o[(i - 2) / 2] = (char)(hexval(s[i]) << 4 | hexval(s[i + 1]));
        return o != NULL || n == 2;
    }
    case TY_DATE: return eddy__iso_parse_date(s, n, &VEC_DATA(v, int32_t)[r], why);
    case TY_TIME: {
        int64_t nod;
        if (!eddy__parse_time_text(s, n, false, &nod, why)) return false;
        VEC_DATA(v, int32_t)[r] = (int32_t)(nod / 1000000);
        return true;
    }
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        /* timestamptz in UTC ends in "+00" */
        if (t->root == TY_TIMESTAMP_LTZ && n > 3 && !memcmp(s + n - 3, "+00", 3)) n -= 3;
        Ts *o = &VEC_DATA(v, Ts)[r];
        return eddy__parse_ts_text(s, n, TS_SQL, &o->ms, &o->ns, why);
    }
    case TY_ARRAY: return parse_array(t, v, r, s, n, why, tmp);
    default: eddy__buf_puts(why, "unsupported type"); return false;
    }
}

typedef struct JdbcScan {
    PGconn *conn;
    PGresult *res; /* rows being emitted */
    int row;       /* next row of res */
    int part;      /* next partition (-1: none left); unpartitioned: 0 then -1 */
    bool open;     /* a query (cursor or single-row) is running */
    bool checked;  /* the result columns' types were checked */
    const char *sql;
    Buf why, tmp;
} JdbcScan;

static eddy_status scan_open(Op *op) {
    const JdbcScanPlan *p = op->plan;
    JdbcScan *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    memset(s, 0, sizeof *s);
    eddy__buf_init(&s->why);
    eddy__buf_init(&s->tmp);
    op->state = s;
    s->part = p->npart ? (op->subtask < p->npart ? op->subtask : -1) : (op->subtask == 0 ? 0 : -1);
    if (s->part < 0) return EDDY_OK;
    s->conn = pg_connect(op, &p->c);
    return s->conn ? EDDY_OK : EDDY_E_IO;
}

static eddy_status exec_ok(Op *op, JdbcScan *s, const char *sql) {
    PGresult *r = PQexec(s->conn, sql);
    eddy_status rc = PQresultStatus(r) == PGRES_COMMAND_OK ? EDDY_OK : pg_fail(op, &((const JdbcScanPlan *)op->plan)->c, "Reading", r, s->conn, sql);
    PQclear(r);
    return rc;
}

/* Starts the query of the next partition. */
static eddy_status start_query(Op *op, JdbcScan *s) {
    const JdbcScanPlan *p = op->plan;
    s->sql = p->npart ? eddy__arena_printf(op->arena, "%s WHERE %s BETWEEN %lld AND %lld", p->select, p->pcol,
                                           (long long)p->lo[s->part], (long long)p->hi[s->part])
                      : p->select;
    s->checked = false;
    if (p->fetch_size > 0) {
        eddy_status rc = exec_ok(op, s, "BEGIN READ ONLY");
        if (rc) return rc;
        const char *decl = eddy__arena_printf(op->arena, "DECLARE eddy_scan NO SCROLL CURSOR FOR %s", s->sql);
        PGresult *r = PQexec(s->conn, decl);
        rc = PQresultStatus(r) == PGRES_COMMAND_OK ? EDDY_OK : pg_fail(op, &p->c, "Reading", r, s->conn, s->sql);
        PQclear(r);
        if (rc) return rc;
    } else {
        if (!PQsendQuery(s->conn, s->sql)) return pg_fail(op, &p->c, "Reading", NULL, s->conn, s->sql);
        PQsetSingleRowMode(s->conn);
    }
    s->open = true;
    return EDDY_OK;
}

/* The next result with rows of the running query into s->res (NULL at its end). */
static eddy_status next_result(Op *op, JdbcScan *s) {
    const JdbcScanPlan *p = op->plan;
    PQclear(s->res);
    s->res = NULL;
    s->row = 0;
    if (p->fetch_size > 0) {
        char sql[64];
        snprintf(sql, sizeof sql, "FETCH FORWARD %lld FROM eddy_scan", (long long)p->fetch_size);
        PGresult *r = PQexec(s->conn, sql);
        if (PQresultStatus(r) != PGRES_TUPLES_OK) {
            eddy_status rc = pg_fail(op, &p->c, "Reading", r, s->conn, s->sql);
            PQclear(r);
            return rc;
        }
        if (PQntuples(r) == 0) {
            PQclear(r);
            s->open = false;
            eddy_status rc = exec_ok(op, s, "CLOSE eddy_scan");
            return rc ? rc : exec_ok(op, s, "COMMIT");
        }
        s->res = r;
        return EDDY_OK;
    }
    for (;;) {
        PGresult *r = PQgetResult(s->conn);
        if (!r) {
            s->open = false;
            return EDDY_OK;
        }
        ExecStatusType st = PQresultStatus(r);
        if (st == PGRES_SINGLE_TUPLE) {
            s->res = r;
            return EDDY_OK;
        }
        if (st != PGRES_TUPLES_OK) {
            eddy_status rc = pg_fail(op, &p->c, "Reading", r, s->conn, s->sql);
            PQclear(r);
            while ((r = PQgetResult(s->conn))) PQclear(r);
            s->open = false;
            return rc;
        }
        /* the final, empty result: its column types still get checked */
        if (!s->checked) {
            s->res = r;
            return EDDY_OK;
        }
        PQclear(r);
    }
}

static eddy_status check_columns(Op *op, JdbcScan *s) {
    const JdbcScanPlan *p = op->plan;
    for (int c = 0; c < p->ncols; c++) {
        Oid o = PQftype(s->res, c);
        if (readable(o, p->types[c])) continue;
        /* the server's name of the type */
        char q[96];
        snprintf(q, sizeof q, "SELECT format_type(%u, NULL)", (unsigned)o);
        PGresult *r = PQexec(s->conn, q);
        const char *pgname = PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) ? PQgetvalue(r, 0, 0) : "?";
        eddy__op_fail(op, EDDY_E_VALIDATION,
                      "Column '%s' of PostgreSQL table '%s' has type %s, which cannot be read as %s (table %s).",
                      p->names[c], p->c.table, pgname, eddy__type_str(op->arena, p->types[c]), p->c.path);
        PQclear(r);
        return EDDY_E_VALIDATION;
    }
    s->checked = true;
    return EDDY_OK;
}

static eddy_status scan_produce(Op *op) {
    const JdbcScanPlan *p = op->plan;
    JdbcScan *s = op->state;
    Batch *b = NULL;
    uint32_t n = 0;
    eddy_status rc = EDDY_OK;
    while (n < op->batch_size) {
        if (!s->res || s->row >= PQntuples(s->res)) {
            if (!s->open) {
                PQclear(s->res);
                s->res = NULL;
                if (s->part < 0) break;
                if ((rc = start_query(op, s))) break;
                s->part = p->npart ? s->part + op->parallelism : -1;
                if (p->npart && s->part >= p->npart) s->part = -1;
            }
            if ((rc = next_result(op, s))) break;
            if (!s->res) continue;
            if (!s->checked && (rc = check_columns(op, s))) break;
            continue;
        }
        if (!b) {
            b = eddy__batch_new_typed(p->ncols, p->types, op->batch_size);
            if (!b) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
        for (int c = 0; c < p->ncols; c++) {
            Vector *v = b->cols[c];
            if (PQgetisnull(s->res, s->row, c)) {
                eddy__vec_set_null(v, n);
                continue;
            }
            vec_set_valid(v, n);
            eddy__buf_truncate(&s->why, 0);
            if (!parse_value(p->types[c], v, n, PQgetvalue(s->res, s->row, c), (size_t)PQgetlength(s->res, s->row, c),
                             &s->why, &s->tmp)) {
                rc = eddy__op_fail(op, EDDY_E_IO, "Reading column '%s' of PostgreSQL table '%s' failed: %s: '%.64s'",
                                   p->names[c], p->c.table, eddy__buf_cstr(&s->why),
                                   PQgetvalue(s->res, s->row, c));
                break;
            }
        }
        if (rc) break;
        s->row++;
        n++;
    }
    if (!rc && b) {
        for (int c = 0; c < p->ncols; c++)
            if (b->cols[c]->failed) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    if (!rc && n) {
        b->n = b->count = n;
        rc = eddy__op_emit(op, b);
    }
    eddy__batch_release(b);
    if (rc) return rc;
    return n || s->open || s->part >= 0 || (s->res && s->row < PQntuples(s->res)) ? EDDY_OK : EDDY_DONE;
}

static void scan_close(Op *op) {
    JdbcScan *s = op->state;
    if (!s) return;
    PQclear(s->res);
    if (s->conn) PQfinish(s->conn);
    eddy__buf_free(&s->why);
    eddy__buf_free(&s->tmp);
}

const OpVtab eddy__op_jdbc_scan = {
    .name = "Source: JdbcTableSource", .open = scan_open, .produce = scan_produce, .close = scan_close};
#else
const OpVtab eddy__op_jdbc_scan = {.name = "Source: JdbcTableSource"};
#endif

/* ---- the sink --------------------------------------------------------------------------- */

typedef struct JdbcSinkPlan {
    PgConn c;
    int ncols;
    const Type *const *types;
    int npk;
    const int *pk;
    const char *upsert, *del; /* statements ($1..): the row's columns; the key columns */
    int64_t max_rows, interval_ms, max_retries;
} JdbcSinkPlan;

extern const OpVtab eddy__op_jdbc_sink;

static eddy_status jdbc_sink(const ConnectorCtx *cx, SinkSpec *out, EdErr *err) {
    JdbcSinkPlan *p = eddy__arena_alloc(cx->a, sizeof *p);
    if (!p) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    memset(p, 0, sizeof *p);
    eddy_status rc;
    int64_t par = 0;
    if ((rc = parse_url(cx, &p->c, err)) || (rc = check_types(cx, err)) ||
        (rc = eddy__option_long(cx->def, "sink.buffer-flush.max-rows", 100, &p->max_rows, err)) ||
        (rc = eddy__option_duration_ms(cx->def, "sink.buffer-flush.interval", 1000, &p->interval_ms, err)) ||
        (rc = eddy__option_long(cx->def, "sink.max-retries", 3, &p->max_retries, err)) ||
        (rc = eddy__option_long(cx->def, "sink.parallelism", 0, &par, err)))
        return rc;
    if (p->max_retries < 0)
        return eddy__err(err, EDDY_E_VALIDATION, "The value of 'sink.max-retries' option shouldn't be negative, but is %lld.",
                         (long long)p->max_retries);
    if (p->max_rows < 0) p->max_rows = 0;
#ifndef EDDY_HAVE_LIBPQ
    return eddy__err(err, EDDY_E_UNSUPPORTED, "The 'jdbc' connector is not available: eddy was built without libpq.");
#endif
    const ResolvedSchema *sc = cx->def->schema;
    int *pk = eddy__arena_alloc(cx->a, sizeof(int) * (size_t)(sc->npk + 1));
    if (!pk) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    for (int k = 0; k < sc->npk; k++) {
        pk[k] = -1;
        for (int i = 0; i < cx->nphys; i++)
            if (!strcmp(cx->phys_names[i], sc->pk_cols[k])) pk[k] = i;
        if (pk[k] < 0) return eddy__err(err, EDDY_E_VALIDATION, "Primary key column '%s' is not physical.", sc->pk_cols[k]);
    }
    p->ncols = cx->nphys;
    p->types = cx->phys_types;
    p->npk = sc->npk;
    p->pk = pk;
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_printf(&b, "INSERT INTO %s(%s) VALUES (", p->c.table, column_list(cx->a, cx->nphys, cx->phys_names));
    for (int i = 0; i < cx->nphys; i++) eddy__buf_printf(&b, "%s$%d", i ? ", " : "", i + 1);
    eddy__buf_putc(&b, ')');
    if (p->npk) {
        const char **keys = eddy__arena_alloc(cx->a, sizeof(char *) * (size_t)p->npk);
        if (!keys) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        for (int k = 0; k < p->npk; k++) keys[k] = cx->phys_names[pk[k]];
        eddy__buf_printf(&b, " ON CONFLICT (%s) DO ", column_list(cx->a, p->npk, keys));
        int set = 0;
        for (int i = 0; i < cx->nphys; i++) {
            bool key = false;
            for (int k = 0; k < p->npk; k++) key |= pk[k] == i;
            if (key) continue;
            eddy__buf_printf(&b, "%s%s=EXCLUDED.%s", set++ ? ", " : "UPDATE SET ", cx->phys_names[i],
                             cx->phys_names[i]);
        }
        if (!set) eddy__buf_puts(&b, "NOTHING");
        Buf d;
        eddy__buf_init(&d);
        eddy__buf_printf(&d, "DELETE FROM %s WHERE ", p->c.table);
        for (int k = 0; k < p->npk; k++) eddy__buf_printf(&d, "%s%s = $%d", k ? " AND " : "", keys[k], k + 1);
        p->del = eddy__arena_strdup(cx->a, eddy__buf_cstr(&d));
        eddy__buf_free(&d);
    }
    p->upsert = eddy__arena_strdup(cx->a, eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    if (!p->upsert || (p->npk && !p->del)) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    out->vt = &eddy__op_jdbc_sink;
    out->plan = p;
    out->parallelism = (int)par;
    out->accepts = p->npk ? CL_INSERT | CL_UPDATE_AFTER | CL_DELETE : CL_INSERT;
    out->name = eddy__arena_printf(cx->a, "Sink: JdbcTableSink[%s]", p->c.table);
    return EDDY_OK;
}

#ifdef EDDY_HAVE_LIBPQ

/* Buffered rows: each value's text (or bytes) in `data`, offsets per value
 * (-1: NULL), the row's kind. */
typedef struct JdbcSink {
    PGconn *conn;
    Buf data;
    int64_t *off;  /* nrows * (ncols + 1): value i of row r at off[r*(ncols+1)+i], its end at the next */
    uint8_t *kind;
    int nrows, cap;
    int64_t last_flush_ms;
    const char **vals;
    int *lens, *fmts;
} JdbcSink;

static void put_value(Buf *b, const Type *t, const Vector *v, uint32_t r);

static void put_array_elem(Buf *b, const Type *t, const Vector *v, uint32_t r) {
    Buf e;
    eddy__buf_init(&e);
    put_value(&e, t, v, r);
    eddy__buf_putc(b, '"');
    for (size_t i = 0; i < e.len; i++) {
        if (e.data[i] == '"' || e.data[i] == '\\') eddy__buf_putc(b, '\\');
        eddy__buf_putc(b, e.data[i]);
    }
    eddy__buf_putc(b, '"');
    eddy__buf_free(&e);
}

/* PostgreSQL's input text of a non-NULL value (bytes as themselves: a binary parameter). */
static void put_value(Buf *b, const Type *t, const Vector *v, uint32_t r) {
    uint32_t i = vidx(v, r);
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: eddy__buf_putc(b, VEC_DATA(v, uint8_t)[i] ? 't' : 'f'); return;
    case TY_SMALLINT: eddy__fmt_int64(b, VEC_DATA(v, int16_t)[i]); return;
    case TY_INT: eddy__fmt_int64(b, VEC_DATA(v, int32_t)[i]); return;
    case TY_BIGINT: eddy__fmt_int64(b, VEC_DATA(v, int64_t)[i]); return;
    case TY_FLOAT: eddy__fmt_float(b, VEC_DATA(v, float)[i]); return;
    case TY_DOUBLE: eddy__fmt_double(b, VEC_DATA(v, double)[i]); return;
    case TY_DECIMAL: eddy__fmt_decimal(b, VEC_DATA(v, ed_i128)[i], t->scale, true); return;
    case TY_DATE: eddy__fmt_date_text(b, VEC_DATA(v, int32_t)[i]); return;
    case TY_TIME: eddy__fmt_time_text(b, (int64_t)VEC_DATA(v, int32_t)[i] * 1000000); return;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        Ts ts = VEC_DATA(v, Ts)[i];
        eddy__fmt_ts_text(b, ts.ms, ts.ns, t->root == TY_TIMESTAMP ? TS_ISO : TS_ISO_Z);
        return;
    }
    case TY_ARRAY: {
        ListEntry le = VEC_DATA(v, ListEntry)[i];
        eddy__buf_putc(b, '{');
        for (uint32_t k = 0; k < le.len; k++) {
            if (k) eddy__buf_putc(b, ',');
            if (vec_is_null(v->child[0], le.off + k)) eddy__buf_puts(b, "NULL");
            else put_array_elem(b, t->elem, v->child[0], le.off + k);
        }
        eddy__buf_putc(b, '}');
        return;
    }
    default: {
        Str s = vec_str(v, r);
        eddy__buf_put(b, s.p, s.n);
        return;
    }
    }
}

static eddy_status sink_open(Op *op) {
    const JdbcSinkPlan *p = op->plan;
    JdbcSink *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    memset(s, 0, sizeof *s);
    eddy__buf_init(&s->data);
    op->state = s;
    /* never a NULL data pointer: libpq reads a NULL value pointer as SQL NULL */
    if (!eddy__buf_reserve(&s->data, 256)) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    int nc = p->ncols ? p->ncols : 1;
    s->vals = eddy__arena_alloc(op->arena, sizeof(char *) * (size_t)nc);
    s->lens = eddy__arena_alloc(op->arena, sizeof(int) * (size_t)nc);
    s->fmts = eddy__arena_alloc(op->arena, sizeof(int) * (size_t)nc);
    if (!s->vals || !s->lens || !s->fmts) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    s->last_flush_ms = eddy__mono_ns() / 1000000;
    return EDDY_OK;
}

/* Connects and prepares the statements. */
static eddy_status sink_connect(Op *op, JdbcSink *s) {
    const JdbcSinkPlan *p = op->plan;
    s->conn = pg_connect(op, &p->c);
    if (!s->conn) return EDDY_E_IO;
    const char *names[2] = {"eddy_upsert", "eddy_delete"}, *sqls[2] = {p->upsert, p->del};
    for (int i = 0; i < (p->npk ? 2 : 1); i++) {
        PGresult *r = PQprepare(s->conn, names[i], sqls[i], 0, NULL);
        eddy_status rc = PQresultStatus(r) == PGRES_COMMAND_OK ? EDDY_OK : pg_fail(op, &p->c, "Writing", r, s->conn, sqls[i]);
        PQclear(r);
        if (rc) return rc;
    }
    return EDDY_OK;
}

/* Sends what libpq holds, reading the server's answers meanwhile (pipeline
 * mode: the server may block on its output while we write). */
static bool pump(PGconn *c) {
    int f;
    while ((f = PQflush(c)) == 1) {
        struct pollfd pf = {.fd = PQsocket(c), .events = POLLIN | POLLOUT};
        if (poll(&pf, 1, 10000) < 0) return false;
        if ((pf.revents & POLLIN) && !PQconsumeInput(c)) return false;
    }
    return f == 0;
}

/* One attempt to write the buffered rows in one transaction: NULL when it
 * worked, else the statement's result (or a message for a broken link in *why). */
static bool write_once(Op *op, JdbcSink *s, Buf *why, bool *broken) {
    const JdbcSinkPlan *p = op->plan;
    PGconn *c = s->conn;
    *broken = false;
    if (!PQenterPipelineMode(c) || PQsetnonblocking(c, 1)) goto link;
    int stride = p->ncols + 1;
    for (int r = 0; r < s->nrows; r++) {
        const int64_t *o = &s->off[(size_t)r * (size_t)stride];
        bool del = s->kind[r] == RK_DELETE;
        int n = del ? p->npk : p->ncols;
        for (int k = 0; k < n; k++) {
            int col = del ? p->pk[k] : k;
            int64_t a = o[col], e = o[col + 1] < 0 ? -o[col + 1] - 1 : o[col + 1];
            bool null = a < 0;
            if (null) a = -a - 1;
            s->vals[k] = null ? NULL : s->data.data + a;
            s->lens[k] = null ? 0 : (int)(e - a - 1);
            s->fmts[k] = p->types[col]->root == TY_BINARY || p->types[col]->root == TY_VARBINARY;
        }
        if (!PQsendQueryPrepared(c, del ? "eddy_delete" : "eddy_upsert", n, s->vals, s->lens, s->fmts, 0)) goto link;
        /* libpq sends its buffer when it fills; every 256 rows the server's answers are read too, so
         * that neither side waits on a full socket (a send and a receive per row cost 4x the CPU) */
        if ((r & 255) == 255 && (PQflush(c) < 0 || !PQconsumeInput(c))) goto link;
    }
    if (!PQpipelineSync(c) || !pump(c)) goto link;
    PQsetnonblocking(c, 0);
    bool failed = false;
    for (;;) {
        PGresult *r = PQgetResult(c);
        if (!r) {
            if (PQstatus(c) != CONNECTION_OK) goto link;
            continue; /* between the results of two statements */
        }
        ExecStatusType st = PQresultStatus(r);
        if (st == PGRES_PIPELINE_SYNC) {
            PQclear(r);
            break;
        }
        if (st == PGRES_FATAL_ERROR && !failed) {
            failed = true;
            const char *m = PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY);
            const char *detail = PQresultErrorField(r, PG_DIAG_MESSAGE_DETAIL);
            pg_message(why, m ? m : PQerrorMessage(c));
            if (detail) eddy__buf_printf(why, " (%s)", detail);
        }
        PQclear(r);
        if (PQstatus(c) != CONNECTION_OK) goto link;
    }
    PQexitPipelineMode(c);
    return !failed;
link:
    *broken = true;
    pg_message(why, PQerrorMessage(c));
    return false;
}

static eddy_status sink_flush(Op *op, JdbcSink *s) {
    const JdbcSinkPlan *p = op->plan;
    s->last_flush_ms = eddy__mono_ns() / 1000000;
    if (!s->nrows) return EDDY_OK;
    Buf why;
    eddy__buf_init(&why);
    eddy_status rc = EDDY_OK;
    for (int64_t attempt = 0;; attempt++) {
        bool broken = true;
        eddy__buf_truncate(&why, 0);
        if (!s->conn) rc = sink_connect(op, s);
        else if (PQstatus(s->conn) != CONNECTION_OK) {
            PQreset(s->conn);
            PQfinish(s->conn);
            s->conn = NULL;
            rc = sink_connect(op, s);
        }
        if (!rc && write_once(op, s, &why, &broken)) break;
        if (rc && s->conn) break; /* connected, but a statement does not prepare: no retry helps */
        if (rc && (attempt >= p->max_retries || eddy__op_cancelled(op))) break;
        if (!rc && (!broken || attempt >= p->max_retries)) {
            rc = eddy__op_fail(op, EDDY_E_IO, "Writing records to PostgreSQL table '%s' (%s) failed%s: %s", p->c.table,
                               p->c.path, broken ? eddy__arena_printf(op->arena, " after %lld retries", (long long)attempt) : "",
                               eddy__buf_cstr(&why));
            break;
        }
        if (rc) {
            /* a failed connect: try again (the job's error is replaced) */
            eddy__err_clear(eddy__op_err(op));
            rc = EDDY_OK;
        }
        if (s->conn) {
            PQfinish(s->conn);
            s->conn = NULL;
        }
        struct timespec ts = {(time_t)(attempt + 1), 0};
        nanosleep(&ts, NULL);
    }
    eddy__buf_free(&why);
    s->nrows = 0;
    eddy__buf_truncate(&s->data, 0);
    return rc;
}

static eddy_status sink_push(Op *op, int input, Batch *b) {
    (void)input;
    const JdbcSinkPlan *p = op->plan;
    JdbcSink *s = op->state;
    int stride = p->ncols + 1;
    for (uint32_t i = 0; i < b->count; i++) {
        uint32_t r = batch_row(b, i);
        uint8_t k = batch_kind(b, r);
        if (k == RK_UPDATE_BEFORE) continue;
        if (s->nrows == s->cap) {
            int cap = s->cap ? s->cap * 2 : 64;
            int64_t *off = realloc(s->off, sizeof(int64_t) * (size_t)cap * (size_t)stride);
            if (off) s->off = off;
            uint8_t *kind = off ? realloc(s->kind, (size_t)cap) : NULL;
            if (!kind) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            s->kind = kind;
            s->cap = cap;
        }
        int64_t *o = &s->off[(size_t)s->nrows * (size_t)stride];
        for (int c = 0; c < p->ncols; c++) {
            const Vector *v = b->cols[c];
            bool null = vec_is_null(v, r);
            o[c] = null ? -(int64_t)s->data.len - 1 : (int64_t)s->data.len;
            if (!null) {
                put_value(&s->data, p->types[c], v, r);
                eddy__buf_putc(&s->data, 0); /* text parameters end in NUL */
            }
        }
        o[p->ncols] = (int64_t)s->data.len;
        if (s->data.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        s->kind[s->nrows++] = k;
        if (p->max_rows > 0 && s->nrows >= p->max_rows) {
            eddy_status rc = sink_flush(op, s);
            if (rc) return rc;
        }
    }
    if (p->interval_ms > 0 && eddy__mono_ns() / 1000000 - s->last_flush_ms >= p->interval_ms) return sink_flush(op, s);
    return EDDY_OK;
}

static eddy_status sink_time(Op *op, int64_t now) {
    (void)now;
    const JdbcSinkPlan *p = op->plan;
    JdbcSink *s = op->state;
    if (s->nrows && p->interval_ms > 0 && eddy__mono_ns() / 1000000 - s->last_flush_ms >= p->interval_ms)
        return sink_flush(op, s);
    return EDDY_OK;
}

static eddy_status sink_finish(Op *op) { return sink_flush(op, op->state); }

static void sink_close(Op *op) {
    JdbcSink *s = op->state;
    if (!s) return;
    if (s->conn) PQfinish(s->conn);
    eddy__buf_free(&s->data);
    free(s->off);
    free(s->kind);
}

const OpVtab eddy__op_jdbc_sink = {.name = "Sink: JdbcTableSink",
                                   .open = sink_open,
                                   .push_batch = sink_push,
                                   .finish = sink_finish,
                                   .close = sink_close,
                                   .on_processing_time = sink_time};
#else
const OpVtab eddy__op_jdbc_sink = {.name = "Sink: JdbcTableSink"};
#endif

/* ---- lookups ---------------------------------------------------------------------------- */

typedef struct JdbcLookupPlan {
    PgConn c;
    int ncols;
    const char *const *names;
    const Type *const *types;
    int nkeys;
    const Type *const *key_types;
    const char *select; /* SELECT cols FROM table WHERE k1 = $1 AND ... */
    int64_t max_retries;
} JdbcLookupPlan;

/* The lookup.* options into ls, checked as Flink's JDBC factory does. */
static eddy_status lookup_options(const TableDef *d, LookupSpec *ls, EdErr *err) {
    eddy_status rc;
    if ((rc = eddy__option_long(d, "lookup.max-retries", 3, &ls->max_retries, err))) return rc;
    if (ls->max_retries < 0)
        return eddy__err(err, EDDY_E_VALIDATION, "The value of '%s' option shouldn't be negative, but is %lld.",
                         "lookup.max-retries", (long long)ls->max_retries);
    const char *mode = eddy__table_option(d, "lookup.cache");
    bool legacy = eddy__table_option(d, "lookup.cache.max-rows") || eddy__table_option(d, "lookup.cache.ttl");
    if (legacy && !(eddy__table_option(d, "lookup.cache.max-rows") && eddy__table_option(d, "lookup.cache.ttl")))
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Either all or none of the following options should be provided:\nlookup.cache.max-rows\n"
                         "lookup.cache.ttl");
    if (mode && !eddy__str_ieq(mode, "NONE") && !eddy__str_ieq(mode, "PARTIAL")) {
        if (eddy__str_ieq(mode, "FULL"))
            return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: 'lookup.cache' = 'FULL' (table %s)", d->path);
        return eddy__err(err, EDDY_E_VALIDATION, "Could not parse value '%s' for key 'lookup.cache'.", mode);
    }
    if (legacy && !(mode && eddy__str_ieq(mode, "PARTIAL"))) {
        /* the deprecated options: a partial cache expiring after write */
        ls->cache = true;
        if ((rc = eddy__option_long(d, "lookup.cache.max-rows", 0, &ls->cache_max_rows, err)) ||
            (rc = eddy__option_duration_ms(d, "lookup.cache.ttl", 0, &ls->expire_write_ms, err)) ||
            (rc = eddy__option_bool(d, "lookup.cache.caching-missing-key", true, &ls->cache_missing, err)))
            return rc;
        return EDDY_OK;
    }
    if (!mode || eddy__str_ieq(mode, "NONE")) return EDDY_OK;
    ls->cache = true;
    if ((rc = eddy__option_long(d, "lookup.partial-cache.max-rows", 0, &ls->cache_max_rows, err)) ||
        (rc = eddy__option_duration_ms(d, "lookup.partial-cache.expire-after-write", 0, &ls->expire_write_ms, err)) ||
        (rc = eddy__option_duration_ms(d, "lookup.partial-cache.expire-after-access", 0, &ls->expire_access_ms, err)) ||
        (rc = eddy__option_bool(d, "lookup.partial-cache.cache-missing-key", true, &ls->cache_missing, err)))
        return rc;
    if (!ls->cache_max_rows && !ls->expire_write_ms && !ls->expire_access_ms)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Expiration duration and maximum size are not set for the cache. The cache will not have any "
                         "eviction and could lead to potential memory issues as the cache size may grow infinitely.");
    return EDDY_OK;
}

#ifdef EDDY_HAVE_LIBPQ
static const LookupVt jdbc_lookup_vt;
#endif

static eddy_status jdbc_lookup(const ConnectorCtx *cx, int nkeys, const int *keys, LookupSpec *out, EdErr *err) {
    JdbcLookupPlan *p = eddy__arena_alloc(cx->a, sizeof *p);
    const Type **kt = eddy__arena_alloc(cx->a, sizeof(Type *) * (size_t)(nkeys + 1));
    if (!p || !kt) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    memset(p, 0, sizeof *p);
    eddy_status rc;
    if ((rc = parse_url(cx, &p->c, err)) || (rc = check_types(cx, err)) || (rc = lookup_options(cx->def, out, err)))
        return rc;
#ifndef EDDY_HAVE_LIBPQ
    (void)nkeys, (void)keys;
    return eddy__err(err, EDDY_E_UNSUPPORTED, "The 'jdbc' connector is not available: eddy was built without libpq.");
#else
    p->ncols = cx->nphys;
    p->names = cx->phys_names;
    p->types = cx->phys_types;
    p->nkeys = nkeys;
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_printf(&b, "SELECT %s FROM %s WHERE ", cx->nphys ? column_list(cx->a, cx->nphys, cx->phys_names) : "1",
                     p->c.table);
    for (int k = 0; k < nkeys; k++) {
        kt[k] = cx->phys_types[keys[k]];
        eddy__buf_printf(&b, "%s%s = $%d", k ? " AND " : "", cx->phys_names[keys[k]], k + 1);
    }
    p->key_types = kt;
    p->select = eddy__arena_strdup(cx->a, eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    if (!p->select) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    p->max_retries = out->max_retries;
    out->vt = &jdbc_lookup_vt;
    out->plan = p;
    return EDDY_OK;
#endif
}

#ifdef EDDY_HAVE_LIBPQ
typedef struct JdbcLookup {
    const JdbcLookupPlan *p;
    PGconn *conn;
    Batch *row;           /* one row of the table's columns: what a result row is read into */
    Buf params, why, tmp;
    const char **vals;
    int *lens, *fmts;
} JdbcLookup;

static eddy_status lk_connect(Op *op, JdbcLookup *h) {
    if (h->conn) PQfinish(h->conn);
    h->conn = pg_connect(op, &h->p->c);
    if (!h->conn) return EDDY_E_IO;
    PGresult *r = PQprepare(h->conn, "eddy_lookup", h->p->select, 0, NULL);
    eddy_status rc = PQresultStatus(r) == PGRES_COMMAND_OK ? EDDY_OK
                                                            : pg_fail(op, &h->p->c, "Looking up", r, h->conn, h->p->select);
    PQclear(r);
    return rc;
}

static eddy_status lk_open(Op *op, const void *plan, void **out) {
    const JdbcLookupPlan *p = plan;
    JdbcLookup *h = eddy__calloc(1, sizeof *h);
    if (!h) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    *out = h;
    h->p = p;
    eddy__buf_init(&h->params);
    eddy__buf_init(&h->why);
    eddy__buf_init(&h->tmp);
    int nk = p->nkeys ? p->nkeys : 1;
    h->vals = eddy__calloc((size_t)nk, sizeof(char *));
    h->lens = eddy__calloc((size_t)nk, sizeof(int));
    h->fmts = eddy__calloc((size_t)nk, sizeof(int));
    h->row = eddy__batch_new_typed(p->ncols, p->types, 1);
    if (!h->vals || !h->lens || !h->fmts || !h->row) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    return lk_connect(op, h);
}

static void lk_close(void *hp) {
    JdbcLookup *h = hp;
    if (!h) return;
    if (h->conn) PQfinish(h->conn);
    eddy__batch_release(h->row);
    eddy__buf_free(&h->params);
    eddy__buf_free(&h->why);
    eddy__buf_free(&h->tmp);
    eddy__free(h->vals);
    eddy__free(h->lens);
    eddy__free(h->fmts);
    eddy__free(h);
}

/* Appends the result's rows to rows. */
static eddy_status lk_rows(Op *op, JdbcLookup *h, PGresult *res, Buf *rows, uint32_t *n) {
    const JdbcLookupPlan *p = h->p;
    for (int c = 0; c < p->ncols; c++) {
        if (readable(PQftype(res, c), p->types[c])) continue;
        return eddy__op_fail(op, EDDY_E_VALIDATION, "Column '%s' of PostgreSQL table '%s' cannot be read as %s (table %s).",
                             p->names[c], p->c.table, eddy__type_str(op->arena, p->types[c]), p->c.path);
    }
    int nt = PQntuples(res);
    for (int t = 0; t < nt; t++) {
        for (int c = 0; c < p->ncols; c++) {
            Vector *v = h->row->cols[c];
            eddy__vec_reset(v);
            if (PQgetisnull(res, t, c)) {
                eddy__vec_set_null(v, 0);
                continue;
            }
            vec_set_valid(v, 0);
            eddy__buf_truncate(&h->why, 0);
            if (!parse_value(p->types[c], v, 0, PQgetvalue(res, t, c), (size_t)PQgetlength(res, t, c), &h->why, &h->tmp))
                return eddy__op_fail(op, EDDY_E_IO, "Reading column '%s' of PostgreSQL table '%s' failed: %s: '%.64s'",
                                     p->names[c], p->c.table, eddy__buf_cstr(&h->why), PQgetvalue(res, t, c));
            if (v->failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
        h->row->n = h->row->count = 1;
        eddy__lookup_put_row(rows, h->row->cols, p->ncols, 0);
        (*n)++;
    }
    return EDDY_OK;
}

/* One lookup; a failure is retried up to lookup.max-retries times, after
 * 1 s, 2 s, ... and a new connection when the old one broke (as Flink's
 * JdbcRowDataLookupFunction). */
static eddy_status lk_fetch(Op *op, void *hp, Vector *const *keys, uint32_t r, Buf *rows, uint32_t *n) {
    JdbcLookup *h = hp;
    const JdbcLookupPlan *p = h->p;
    h->params.len = 0;
    size_t off[16];
    for (int k = 0; k < p->nkeys; k++) {
        off[k] = h->params.len;
        put_value(&h->params, p->key_types[k], keys[k], r);
        eddy__buf_putc(&h->params, 0);
        h->fmts[k] = p->key_types[k]->root == TY_BINARY || p->key_types[k]->root == TY_VARBINARY;
    }
    if (h->params.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    for (int k = 0; k < p->nkeys; k++) {
        h->vals[k] = h->params.data + off[k];
        size_t end = k + 1 < p->nkeys ? off[k + 1] : h->params.len;
        h->lens[k] = (int)(end - off[k] - 1);
    }
    *n = 0;
    size_t at = rows->len;
    for (int64_t attempt = 0;; attempt++) {
        eddy_status rc = EDDY_OK;
        if (!h->conn || PQstatus(h->conn) != CONNECTION_OK) rc = lk_connect(op, h);
        if (!rc) {
            PGresult *res = PQexecPrepared(h->conn, "eddy_lookup", p->nkeys, h->vals, h->lens, h->fmts, 0);
            if (PQresultStatus(res) == PGRES_TUPLES_OK) rc = lk_rows(op, h, res, rows, n);
            else rc = pg_fail(op, &p->c, "Looking up", res, h->conn, p->select);
            PQclear(res);
            if (rc != EDDY_E_IO || PQstatus(h->conn) == CONNECTION_OK) return rc;
        }
        if (attempt >= p->max_retries) return rc;
        eddy__err_clear(eddy__op_err(op));
        rows->len = at;
        *n = 0;
        struct timespec ts = {.tv_sec = (time_t)(attempt + 1), .tv_nsec = 0};
        nanosleep(&ts, NULL);
    }
}

static const LookupVt jdbc_lookup_vt = {.open = lk_open, .fetch = lk_fetch, .close = lk_close};
#endif

const Connector eddy__connector_jdbc = {
    .name = "jdbc",
    .required = jdbc_required,
    .optional = jdbc_optional,
    .source = jdbc_source,
    .sink = jdbc_sink,
    .lookup = jdbc_lookup,
};
