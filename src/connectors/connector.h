/*
 * connector.h -- table connectors: what CREATE TABLE ... WITH ('connector'
 * = 'x', ...) and TableDescriptor.forConnector("x") resolve to.
 *
 * A Connector is a factory named by its 'connector' value with Flink's
 * option names. The planner asks it for a source (an operator producing
 * batches of the table's physical columns followed by the metadata columns
 * the table declares) or a sink (an operator consuming batches of the
 * physical columns). Options are checked with Flink's messages ("Unsupported
 * options found for 'datagen'. ...", "One or more required options are
 * missing. ...") when the table is used, not when it is created -- as Flink.
 *
 * Everything a connector makes for a plan lives in ConnectorCtx.a (the env's
 * arena); running state lives in its operators' state objects.
 */
#ifndef EDDY_CONNECTOR_H
#define EDDY_CONNECTOR_H

#include "runtime/op.h"
#include "types/datetime.h"
#include "types/schema.h"

typedef struct TableOption {
    const char *key, *value;
} TableOption;

/* A table as its DDL or descriptor defines it. */
typedef struct TableDef {
    const char *path;             /* fully qualified, unquoted: cat.db.name */
    const ResolvedSchema *schema; /* every column, the watermark, the key */
    int nopts;
    const TableOption *opts;
    int npart;
    const char *const *partition_keys;
    const char *comment;
} TableDef;

/* The value of option `key`, or NULL when absent. */
const char *eddy__table_option(const TableDef *t, const char *key);

/* What a connector gets to build a source or a sink. */
typedef struct ConnectorCtx {
    Arena *a;
    const TableDef *def;
    /* the physical columns, in schema order */
    int nphys;
    const char *const *phys_names;
    const Type *const *phys_types;
    /* sources: the metadata the table declares, emitted after the physical
     * columns in this order; sinks: the metadata the table writes */
    int nmeta;
    const char *const *meta_keys;
    const Type *const *meta_types;
    bool streaming;
    const TimeZone *tz;
    bool overwrite; /* sinks: INSERT OVERWRITE */
    /* sources, streaming: the table's WATERMARK expression over the columns
     * above (physical, then metadata), or NULL. A source that generates
     * watermarks itself (Flink's SupportsWatermarkPushDown) takes it by
     * setting SourceSpec.takes_watermark; else the planner puts a
     * WatermarkAssigner above the scan. */
    const struct Expr *watermark;
    int64_t idle_timeout_ms; /* table.exec.source.idle-timeout (0: none) */
} ConnectorCtx;

typedef struct SourceSpec {
    const OpVtab *vt; /* a source operator (produce) */
    const void *plan;
    bool bounded;
    int parallelism;  /* 0: the default; 1 for a source that cannot split */
    unsigned changelog; /* CL_* kinds it emits (plan.h); insert-only: 1 */
    const char *name; /* operator name in plans */
    bool takes_watermark; /* the source generates ConnectorCtx.watermark itself */
} SourceSpec;

typedef struct SinkSpec {
    const OpVtab *vt; /* a sink operator (push_batch, finish) */
    const void *plan;
    int parallelism;  /* 0: the default */
    unsigned accepts; /* CL_* kinds it consumes */
    const char *name;
} SinkSpec;

/* A lookup source (Flink's LookupTableSource): the rows of a table whose
 * key columns equal given values, fetched while the job runs, for
 * `JOIN t FOR SYSTEM_TIME AS OF l.proctime` (lookup joins). */
typedef struct LookupVt {
    /* Opens a connection for one operator instance (*h: its handle, closed
     * by close even when open fails). */
    eddy_status (*open)(Op *op, const void *plan, void **h);
    /* Appends to rows the rows whose key columns equal row r of keys (one
     * vector per key, in the order the spec was made with), each with
     * eddy__lookup_put_row; *n: how many. Errors go through op. */
    eddy_status (*fetch)(Op *op, void *h, Vector *const *keys, uint32_t r, Buf *rows, uint32_t *n);
    void (*close)(void *h);
} LookupVt;

/* Appends row r of the table's physical columns cols[0..n) to a lookup's
 * rows: its length (4 bytes), then its serde bytes. */
void eddy__lookup_put_row(Buf *rows, Vector *const *cols, int n, uint32_t r);

typedef struct LookupSpec {
    const LookupVt *vt;
    const void *plan;
    int64_t max_retries;   /* lookup.max-retries */
    /* lookup.cache PARTIAL (else NONE): lookup.partial-cache.* */
    bool cache;
    int64_t cache_max_rows, expire_write_ms, expire_access_ms; /* 0: none */
    bool cache_missing;
} LookupSpec;

typedef struct Connector Connector;
struct Connector {
    const char *name;
    /* option keys, NULL-terminated; '#' in a key matches a field name
     * ("fields.#.kind"), a trailing '*' any suffix ("csv.*") */
    const char *const *required;
    const char *const *optional;
    /* readable metadata keys and their types (type strings) */
    const char *const *metadata;
    const char *const *metadata_types;
    /* writable metadata keys (Flink's SupportsWritingMetadata; NULL: none)
     * with their types (type strings) and the type roots their columns must
     * have; a sink gets them after the physical columns, in the order
     * ConnectorCtx.meta_keys lists them */
    const char *const *write_metadata;
    const char *const *write_metadata_types;
    const TypeRoot *write_metadata_roots;
    /* NULL when the connector cannot read (or write) */
    eddy_status (*source)(const ConnectorCtx *cx, SourceSpec *out, EdErr *err);
    eddy_status (*sink)(const ConnectorCtx *cx, SinkSpec *out, EdErr *err);
    unsigned sink_abilities; /* CONN_SINK_* */
    /* A lookup source over physical columns keys[0..nkeys) (NULL: the
     * connector cannot look rows up). */
    eddy_status (*lookup)(const ConnectorCtx *cx, int nkeys, const int *keys, LookupSpec *out, EdErr *err);
    /* Checks the table's options in place of the check against `required`
     * and `optional`, for connectors whose options depend on other options
     * (a format's). NULL: the generic check. */
    eddy_status (*validate)(const Connector *c, const TableDef *t, EdErr *err);
    /* The readable metadata a table's format adds to `metadata` (keys and
     * types, NULL-terminated; NULL lists when none), or NULL: no format
     * metadata. */
    void (*format_metadata)(const TableDef *t, const char *const **keys, const char *const **types);
};

enum {
    CONN_SINK_OVERWRITE = 1,    /* INSERT OVERWRITE (Flink's SupportsOverwrite) */
    CONN_SINK_PARTITIONING = 2, /* PARTITIONED BY tables (SupportsPartitioning) */
};

/* The connector named `name`, or NULL. */
const Connector *eddy__connector_lookup(const char *name);
/* Flink's error for an unknown or missing 'connector' option, naming the
 * available factories. */
eddy_status eddy__connector_unknown(const char *name, const char *table, EdErr *err);
/* Checks the table's options against c's required and optional keys
 * (plus 'connector'), or with c->validate; errors in Flink's words. */
eddy_status eddy__connector_validate(const Connector *c, const TableDef *t, EdErr *err);
/* The generic check against the given key lists (NULL-terminated, patterns
 * as in Connector), naming c in the messages. */
eddy_status eddy__connector_check_options(const Connector *c, const TableDef *t, const char *const *required,
                                          const char *const *optional, EdErr *err);
/* The metadata type for key of connector c, or NULL when unknown. */
const char *eddy__connector_metadata_type(const Connector *c, const char *key);
/* The same for table t, whose format may add keys (Connector.format_metadata). */
const char *eddy__connector_table_metadata_type(const Connector *c, const TableDef *t, const char *key);

/* Option helpers: parse an integer / boolean / duration option with Flink's
 * messages on bad values ("Could not parse value 'x' for key 'k'."). */
eddy_status eddy__option_long(const TableDef *t, const char *key, int64_t def, int64_t *out, EdErr *err);
eddy_status eddy__option_bool(const TableDef *t, const char *key, bool def, bool *out, EdErr *err);
/* Flink's Duration syntax ("30 min", "1 h", "500 ms", a bare number: ms). */
eddy_status eddy__option_duration_ms(const TableDef *t, const char *key, int64_t def, int64_t *out, EdErr *err);
eddy_status eddy__option_double(const TableDef *t, const char *key, double def, double *out, EdErr *err);

/* The registered connectors (built-in ones register statically). */
extern const Connector eddy__connector_datagen, eddy__connector_print, eddy__connector_blackhole,
    eddy__connector_filesystem, eddy__connector_nexmark, eddy__connector_kafka, eddy__connector_upsert_kafka,
    eddy__connector_jdbc;

#endif
