/*
 * kafka_int.h -- what the Kafka connector's files share: the plan of a
 * 'kafka' / 'upsert-kafka' table (options read, formats planned) and the
 * librdkafka configuration made from it. kafka.c plans both sides and
 * runs the source; kafka_sink.c runs the sinks (at-least-once and the
 * exactly-once two-phase commit); kafka_txn.c ends transactions another
 * process prepared.
 */
#ifndef EDDY_KAFKA_INT_H
#define EDDY_KAFKA_INT_H

#include <regex.h>

#include <librdkafka/rdkafka.h>

#include "connectors/connector.h"
#include "expr/expr.h"
#include "formats/formats.h"

#define META_TIMEOUT_MS 10000

typedef enum { VF_ALL, VF_EXCEPT_KEY } ValueFields;
typedef enum { ST_EARLIEST, ST_LATEST, ST_GROUP, ST_TIMESTAMP, ST_SPECIFIC } StartMode;
typedef enum { BD_UNBOUNDED, BD_LATEST, BD_GROUP, BD_TIMESTAMP, BD_SPECIFIC } BoundMode;
typedef enum { KP_DEFAULT, KP_FIXED, KP_ROUND_ROBIN } Partitioner;
/* MK_FORMAT: a metadata column of the value format ('value.<key>'), which the format decodes */
typedef enum { MK_TOPIC, MK_PARTITION, MK_HEADERS, MK_LEADER_EPOCH, MK_OFFSET, MK_TIMESTAMP, MK_TIMESTAMP_TYPE, MK_FORMAT } MetaKey;

/* A format of the key or the value, planned for its columns. */
typedef struct RoleFormat {
    bool on;
    FormatPlan fp;
    int ncols;
    const int *cols; /* table physical column of each format column */
} RoleFormat;

typedef struct KafkaPlan {
    bool upsert;
    const char *table;
    int nprops;
    const TableOption *props; /* properties.* without the prefix */
    bool user_group;          /* properties.group.id given */
    const char *commit_on_ckpt; /* properties.commit.offsets.on.checkpoint (Flink's, not librdkafka's) */
    int ntopics;
    const char *const *topics;
    const regex_t *pattern;
    const char *pattern_text;
    RoleFormat key, value;
    bool key_from_value;      /* ALL: the key fields come from the value */
    int nphys, nmeta;
    const MetaKey *meta;
    bool changelog;           /* the value format reads row kinds (debezium-json, canal-json, maxwell-json) */
    int nfmeta;               /* the value format's metadata columns (MK_FORMAT), decoded after its columns */
    const int *fmeta_cols;    /* their batch columns */
    StartMode start;
    int64_t start_ts;
    int nstart_spec;
    const int64_t *start_spec; /* pairs partition, offset */
    BoundMode bound;
    int64_t bound_ts;
    int nbound_spec;
    const int64_t *bound_spec;
    const char *reset;        /* auto.offset.reset as Flink reads it (NULL: none) */
    /* the table's watermark, generated per partition (over the row's columns; NULL: none) */
    const Expr *watermark;
    int64_t idle_ms;
    const TimeZone *tz;
    int64_t discovery_ms;     /* scan.topic-partition-discovery.interval (0: off) */
    /* sink */
    Partitioner partitioner;
    bool flush_on_checkpoint; /* at-least-once: a barrier waits for every delivery */
    const char *txn_prefix;   /* exactly-once: sink.transactional-id-prefix (NULL: no transactions) */
} KafkaPlan;

/* A librdkafka configuration with the table's properties; NULL after an
 * error recorded on op. log_cb: the log callback (NULL: librdkafka's
 * stderr logger when the table asks for logs, else none), set before the
 * properties, so that a plugin the table loads may set its own. */
rd_kafka_conf_t *eddy__kafka_conf(Op *op, const KafkaPlan *p,
                                  void (*log_cb)(const rd_kafka_t *, int, const char *, const char *));
/* Sets one librdkafka property; false if librdkafka refuses it. */
bool eddy__kafka_conf_set(rd_kafka_conf_t *c, const char *k, const char *v);
/* The table's properties.<k> (NULL: not set). */
const char *eddy__kafka_prop(const KafkaPlan *p, const char *k);

static inline bool has_prop(const KafkaPlan *p, const char *k) { return eddy__kafka_prop(p, k) != NULL; }
/* Whether the table asks for librdkafka's log lines. */
static inline bool wants_log(const KafkaPlan *p) { return has_prop(p, "log_level") || has_prop(p, "debug"); }

/* kafka_sink.c */
extern const OpVtab eddy__op_kafka_sink, eddy__op_kafka_txn_sink;

#endif
