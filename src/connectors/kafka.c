/*
 * kafka.c -- 'connector' = 'kafka' and 'upsert-kafka' on librdkafka, with
 * Flink's option names and messages (KafkaConnectorOptions,
 * KafkaConnectorOptionsUtil, UpsertKafkaDynamicTableFactory).
 *
 * Source: one consumer per subtask, assigned (no group rebalancing) the
 * partitions Flink's KafkaSourceEnumerator would give that reader:
 * ((hash(topic) * 31) & 0x7FFFFFFF) % readers + partition, mod readers.
 * Start and stop offsets are resolved when the source opens (watermark
 * offsets, committed offsets, offsets for a timestamp); a bounded source
 * (scan.bounded.mode other than unbounded) ends when every partition has
 * reached its stop offset. Messages are decoded with the key and value
 * formats (src/formats/, any registered format by name), then the metadata
 * columns are filled. A null value is skipped by 'kafka' and is a -D of
 * its key for 'upsert-kafka' (the planner puts ChangelogNormalize behind
 * upsert sources). With properties.group.id set, the consumed offsets are
 * committed to the group when a bounded read ends and when a checkpoint
 * completes (properties.commit.offsets.on.checkpoint, default true). An
 * unbounded source discovers new partitions
 * (scan.topic-partition-discovery.interval) and
 * reads them from their earliest offset; checkpoints hold each partition's
 * next offset.
 *
 * Sink: planned here (options, formats, the delivery guarantee), run by
 * kafka_sink.c. 'upsert-kafka' writes -D and -U as tombstones (null
 * values).
 */
#include <pthread.h>
#include <stdlib.h>
#include <strings.h>

#include "connectors/kafka_int.h"

#define NOMEM(err) eddy__err((err), EDDY_E_NOMEM, "out of memory")

static const char *const kafka_metadata[] = {"topic",  "partition", "headers",        "leader-epoch",
                                             "offset", "timestamp", "timestamp-type", NULL};
/* what a sink writes (Flink's KafkaDynamicSink.WritableMetadata) */
static const char *const kafka_write_metadata[] = {"headers", "timestamp", NULL};
static const char *const kafka_write_metadata_types[] = {"MAP<STRING, BYTES>", "TIMESTAMP_LTZ(3)"};
static const TypeRoot kafka_write_roots[] = {TY_MAP, TY_TIMESTAMP_LTZ};
static const char *const kafka_metadata_types[] = {"STRING NOT NULL",
                                                   "INT NOT NULL",
                                                   "MAP<STRING, BYTES> NOT NULL",
                                                   "INT",
                                                   "BIGINT NOT NULL",
                                                   "TIMESTAMP_LTZ(3) NOT NULL",
                                                   "STRING NOT NULL",
                                                   NULL};

static const char *const kafka_optional[] = {"topic",
                                             "topic-pattern",
                                             "properties.*",
                                             "format",
                                             "key.format",
                                             "key.fields",
                                             "key.fields-prefix",
                                             "value.format",
                                             "value.fields-include",
                                             "scan.startup.mode",
                                             "scan.startup.specific-offsets",
                                             "scan.startup.timestamp-millis",
                                             "scan.bounded.mode",
                                             "scan.bounded.specific-offsets",
                                             "scan.bounded.timestamp-millis",
                                             "scan.topic-partition-discovery.interval",
                                             "scan.parallelism",
                                             "sink.partitioner",
                                             "sink.delivery-guarantee",
                                             "sink.transactional-id-prefix",
                                             "sink.parallelism",
                                             NULL};
static const char *const upsert_optional[] = {"topic",
                                              "topic-pattern",
                                              "properties.*",
                                              "key.format",
                                              "key.fields-prefix",
                                              "value.format",
                                              "value.fields-include",
                                              "scan.bounded.mode",
                                              "scan.bounded.specific-offsets",
                                              "scan.bounded.timestamp-millis",
                                              "scan.parallelism",
                                              "sink.parallelism",
                                              "sink.buffer-flush.max-rows",
                                              "sink.buffer-flush.interval",
                                              "sink.delivery-guarantee",
                                              "sink.transactional-id-prefix",
                                              NULL};


/* ---- options --------------------------------------------------------------------- */

static const char *opt(const TableDef *t, const char *k) { return eddy__table_option(t, k); }

static const char *value_format_name(const TableDef *t) {
    const char *v = opt(t, "value.format");
    return v ? v : opt(t, "format");
}

/* Adds "<prefix><fmt>.<option>" for each of format fmt's options. */
static bool add_format_options(Arena *a, void *vec, const char *prefix, const char *fmt) {
    ED_VEC(const char *) *opts = vec;
    const FormatVt *fv = eddy__format_lookup(fmt);
    for (int i = 0; fv && fv->options[i]; i++) {
        const char *k = eddy__arena_printf(a, "%s%s.%s", prefix, fmt, fv->options[i]);
        if (!k || !ed_vec_push(opts, k)) return false;
    }
    return true;
}

static eddy_status kafka_validate(const Connector *c, const TableDef *t, EdErr *err) {
    ED_VEC(const char *) opts = {0};
    Arena a;
    eddy__arena_init(&a, 1024);
    bool ok = true;
    const char *const *base = strcmp(c->name, "kafka") ? upsert_optional : kafka_optional;
    for (int i = 0; base[i]; i++) ok = ok && ed_vec_push(&opts, base[i]);
    const char *kf = opt(t, "key.format");
    if (opt(t, "value.format")) ok = ok && add_format_options(&a, &opts, "value.", opt(t, "value.format"));
    else if (opt(t, "format")) ok = ok && add_format_options(&a, &opts, "", opt(t, "format"));
    if (kf) ok = ok && add_format_options(&a, &opts, "key.", kf);
    ok = ok && ed_vec_push(&opts, (const char *)NULL);
    static const char *const required[] = {"properties.bootstrap.servers", NULL};
    static const char *const upsert_required[] = {"properties.bootstrap.servers", "key.format", "value.format",
                                                  NULL};
    eddy_status rc = ok && !a.failed ? eddy__connector_check_options(c, t, base == kafka_optional ? required
                                                                                                 : upsert_required,
                                                                     opts.items, err)
                                     : NOMEM(err);
    ed_vec_free(&opts);
    eddy__arena_destroy(&a);
    return rc;
}

/* Splits "a;b;c" into names. */
static int split_list(Arena *a, const char *s, const char ***out) {
    int n = 1;
    for (const char *p = s; *p; p++) n += *p == ';';
    const char **v = eddy__arena_alloc(a, sizeof(char *) * (size_t)n);
    if (!v) return -1;
    int k = 0;
    for (const char *p = s;;) {
        const char *semi = strchr(p, ';');
        size_t len = semi ? (size_t)(semi - p) : strlen(p);
        const char *x = p;
        size_t xl = len;
        eddy__java_trim(&x, &xl);
        if (xl) v[k++] = eddy__arena_printf(a, "%.*s", (int)xl, x);
        if (!semi) break;
        p = semi + 1;
    }
    *out = v;
    return k;
}

/* Flink's parseSpecificOffsets: "partition:0,offset:42;partition:1,offset:300". */
static eddy_status parse_offsets(Arena *a, const char *key, const char *s, int *n, const int64_t **out, EdErr *err) {
    const char **pairs;
    int np = split_list(a, s, &pairs);
    if (np < 0) return NOMEM(err);
    int64_t *v = eddy__arena_alloc(a, sizeof(int64_t) * 2 * (size_t)(np + 1));
    if (!v) return NOMEM(err);
    for (int i = 0; i < np; i++) {
        long long p, o;
        int used = 0;
        if (sscanf(pairs[i], "partition:%lld,offset:%lld%n", &p, &o, &used) != 2 || pairs[i][used] || p < 0 ||
            p > INT32_MAX)
            np = -1;
        if (np < 0) break;
        v[2 * i] = p;
        v[2 * i + 1] = o;
    }
    if (np <= 0)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Invalid properties '%s' should follow the format "
                         "'partition:0,offset:42;partition:1,offset:300', but is '%s'.",
                         key, s);
    *n = np;
    *out = v;
    return EDDY_OK;
}

static eddy_status bad_enum(const char *key, const char *v, const char *values, EdErr *err) {
    return eddy__err(err, EDDY_E_VALIDATION,
                     "Could not parse value '%s' for key '%s'.\nExpecting one of: %s", v, key, values);
}

/* The options of one format role with "<role>." taken off ("value.json.x"
 * -> "json.x"); with the plain 'format' option the table's options as
 * they are. */
static const TableDef *role_def(Arena *a, const TableDef *t, const char *role) {
    TableDef *d = eddy__arena_alloc(a, sizeof *d);
    TableOption *o = eddy__arena_alloc(a, sizeof(TableOption) * (size_t)(t->nopts + 1));
    if (!d || !o) return NULL;
    *d = *t;
    size_t rl = strlen(role);
    int n = 0;
    for (int i = 0; i < t->nopts; i++) {
        if (!strncmp(t->opts[i].key, role, rl) && t->opts[i].key[rl] == '.')
            o[n++] = (TableOption){t->opts[i].key + rl + 1, t->opts[i].value};
        else
            o[n++] = t->opts[i];
    }
    d->opts = o;
    d->nopts = n;
    return d;
}

static int phys_index(const ConnectorCtx *cx, const char *name) {
    for (int i = 0; i < cx->nphys; i++)
        if (!strcmp(cx->phys_names[i], name)) return i;
    return -1;
}

/* Plans the key and value formats: the key fields (key.fields, or the
 * primary key for upsert-kafka) and the value's columns (ALL or
 * EXCEPT_KEY), Flink's messages. */
static eddy_status plan_formats(const ConnectorCtx *cx, KafkaPlan *p, bool sink, EdErr *err) {
    const TableDef *t = cx->def;
    Arena *a = cx->a;
    const char *prefix = opt(t, "key.fields-prefix");
    if (!prefix) prefix = "";
    const char *vfi = opt(t, "value.fields-include");
    ValueFields vf = VF_ALL;
    if (vfi && !strcmp(vfi, "EXCEPT_KEY")) vf = VF_EXCEPT_KEY;
    else if (vfi && strcmp(vfi, "ALL")) return bad_enum("value.fields-include", vfi, "[ALL, EXCEPT_KEY]", err);
    const char *kfmt = opt(t, "key.format");
    const char **kfields = NULL;
    int nk = 0;
    if (p->upsert) {
        const ResolvedSchema *s = t->schema;
        if (!s || !s->npk)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "'upsert-kafka' tables require to define a PRIMARY KEY constraint. The PRIMARY KEY "
                             "specifies which columns should be read from or write to the Kafka message key. The "
                             "PRIMARY KEY also defines records in the 'upsert-kafka' table should update or delete "
                             "on which keys.");
        nk = s->npk;
        kfields = s->pk_cols;
    } else {
        const char *kf = opt(t, "key.fields");
        if (!kfmt && kf)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "The option 'key.fields' can only be declared if a key format is defined using "
                             "'key.format'.");
        if (kf && (nk = split_list(a, kf, &kfields)) < 0) return NOMEM(err);
        if (kfmt && nk == 0)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "A key format 'key.format' requires the declaration of one or more of key fields using "
                             "'key.fields'.");
    }
    if (vf == VF_ALL && *prefix)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "A key prefix is not allowed when option 'value.fields-include' is set to 'ALL'. Set it to "
                         "'EXCEPT_KEY' instead to avoid field overlaps.");
    int *kcols = eddy__arena_alloc(a, sizeof(int) * (size_t)(nk + 1));
    const char **knames = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nk + 1));
    const Type **ktypes = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(nk + 1));
    int *vcols = eddy__arena_alloc(a, sizeof(int) * (size_t)(cx->nphys + 1));
    const char **vnames = eddy__arena_alloc(a, sizeof(char *) * (size_t)(cx->nphys + 1));
    const Type **vtypes = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(cx->nphys + 1));
    if (!kcols || !knames || !ktypes || !vcols || !vnames || !vtypes) return NOMEM(err);
    for (int k = 0; k < nk; k++) {
        int i = phys_index(cx, kfields[k]);
        if (i < 0) {
            Buf b;
            eddy__buf_init(&b);
            eddy__buf_putc(&b, '[');
            for (int j = 0; j < cx->nphys; j++) eddy__buf_printf(&b, "%s%s", j ? ", " : "", cx->phys_names[j]);
            eddy__buf_putc(&b, ']');
            eddy__err(err, EDDY_E_VALIDATION,
                      "Could not find the field '%s' in the table schema for usage in the key format. A key field "
                      "must be a regular, physical column. The following columns can be selected in the "
                      "'key.fields' option:\n%s",
                      kfields[k], eddy__buf_cstr(&b));
            eddy__buf_free(&b);
            return EDDY_E_VALIDATION;
        }
        if (strncmp(kfields[k], prefix, strlen(prefix)))
            return eddy__err(err, EDDY_E_VALIDATION,
                             "All fields in 'key.fields' must be prefixed with '%s' when option 'key.fields-prefix' "
                             "is set but field '%s' is not prefixed.",
                             prefix, kfields[k]);
        kcols[k] = i;
        knames[k] = kfields[k] + strlen(prefix);
        ktypes[k] = cx->phys_types[i];
    }
    int nv = 0;
    for (int i = 0; i < cx->nphys; i++) {
        bool is_key = false;
        for (int k = 0; k < nk; k++) is_key = is_key || kcols[k] == i;
        if (vf == VF_EXCEPT_KEY && is_key) continue;
        vcols[nv] = i;
        vnames[nv] = cx->phys_names[i];
        vtypes[nv++] = cx->phys_types[i];
    }
    p->key_from_value = vf == VF_ALL;
    const char *vfmt = value_format_name(t);
    if (!vfmt)
        return eddy__err(err, EDDY_E_VALIDATION, "Could not find required %s format 'value.format'.",
                         sink ? "sink" : "scan");
    const TableDef *vd = opt(t, "value.format") ? role_def(a, t, "value") : t;
    if (!vd) return NOMEM(err);
    FormatCtx vfc = {a, vd, nv, vnames, vtypes, sink};
    if (!sink) {
        /* the value format's metadata columns ('value.source.table' & co, Flink's prefix) */
        const FormatVt *fv = eddy__format_lookup(vfmt);
        const char **mk = eddy__arena_alloc(a, sizeof(char *) * (size_t)(cx->nmeta + 1));
        const Type **mt = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(cx->nmeta + 1));
        int *mc = eddy__arena_alloc(a, sizeof(int) * (size_t)(cx->nmeta + 1));
        if (!mk || !mt || !mc) return NOMEM(err);
        int nfm = 0;
        for (int i = 0; i < cx->nmeta; i++) {
            const char *k = cx->meta_keys[i];
            if (strncmp(k, "value.", 6) || !eddy__format_metadata_type(fv, k + 6)) continue;
            mk[nfm] = k + 6;
            mt[nfm] = cx->meta_types[i];
            mc[nfm++] = cx->nphys + i;
        }
        vfc.nmeta = nfm;
        vfc.meta_keys = mk;
        vfc.meta_types = mt;
        vfc.tz = cx->tz;
        p->nfmeta = nfm;
        p->fmeta_cols = mc;
    }
    const FormatVt *vfv = eddy__format_lookup(vfmt);
    p->changelog = !p->upsert && vfv && vfv->changelog;
    eddy_status rc = eddy__format_plan(&vfc, vfmt, &p->value.fp, err);
    if (rc) return rc;
    p->value = (RoleFormat){true, p->value.fp, nv, vcols};
    if (kfmt) {
        const TableDef *kd = role_def(a, t, "key");
        if (!kd) return NOMEM(err);
        FormatCtx kfc = {a, kd, nk, knames, ktypes, sink};
        if ((rc = eddy__format_plan(&kfc, kfmt, &p->key.fp, err))) return rc;
        p->key = (RoleFormat){true, p->key.fp, nk, kcols};
    }
    return EDDY_OK;
}

/* Topics, properties and the formats: what source and sink share. */
static eddy_status plan_common(const ConnectorCtx *cx, KafkaPlan *p, bool sink, EdErr *err) {
    const TableDef *t = cx->def;
    Arena *a = cx->a;
    p->upsert = strcmp(opt(t, "connector"), "kafka") != 0;
    p->table = t->path;
    const char *topic = opt(t, "topic"), *pattern = opt(t, "topic-pattern");
    if (topic && pattern)
        return eddy__err(err, EDDY_E_VALIDATION, "Option 'topic' and 'topic-pattern' shouldn't be set together.");
    if (!topic && !pattern)
        return eddy__err(err, EDDY_E_VALIDATION, "Either 'topic' or 'topic-pattern' must be set.");
    if (topic) {
        const char **v;
        if ((p->ntopics = split_list(a, topic, &v)) < 0) return NOMEM(err);
        p->topics = v;
    } else {
        if (sink)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "not supported yet: writing to 'topic-pattern'; a Kafka sink writes to one 'topic'");
        regex_t *r = eddy__arena_alloc(a, sizeof *r);
        char *anchored = eddy__arena_printf(a, "^(%s)$", pattern);
        if (!r || !anchored) return NOMEM(err);
        if (regcomp(r, anchored, REG_EXTENDED | REG_NOSUB))
            return eddy__err(err, EDDY_E_VALIDATION, "Invalid 'topic-pattern' '%s'.", pattern);
        if (!eddy__arena_on_cleanup(a, (void (*)(void *))regfree, r)) {
            regfree(r);
            return NOMEM(err);
        }
        p->pattern = r;
        p->pattern_text = pattern;
    }
    if (sink && p->ntopics != 1)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "not supported yet: a Kafka sink writing to %d topics; 'topic' names one", p->ntopics);
    TableOption *props = eddy__arena_alloc(a, sizeof(TableOption) * (size_t)(t->nopts + 1));
    if (!props) return NOMEM(err);
    int np = 0;
    for (int i = 0; i < t->nopts; i++)
        if (!strncmp(t->opts[i].key, "properties.", 11)) {
            const char *k = t->opts[i].key + 11;
            if (!strcmp(k, "group.id")) p->user_group = true;
            if (!strcmp(k, "commit.offsets.on.checkpoint")) {
                p->commit_on_ckpt = t->opts[i].value;
                continue;
            }
            if (!strcmp(k, "auto.offset.reset")) {
                p->reset = t->opts[i].value;
                continue; /* Flink's values (none, earliest, latest) are read here */
            }
            props[np++] = (TableOption){k, t->opts[i].value};
        }
    p->nprops = np;
    p->props = props;
    return plan_formats(cx, p, sink, err);
}

static StartMode parse_start(const char *v, bool *ok) {
    *ok = true;
    if (!v || !strcmp(v, "group-offsets")) return ST_GROUP;
    if (!strcmp(v, "earliest-offset")) return ST_EARLIEST;
    if (!strcmp(v, "latest-offset")) return ST_LATEST;
    if (!strcmp(v, "timestamp")) return ST_TIMESTAMP;
    if (!strcmp(v, "specific-offsets")) return ST_SPECIFIC;
    *ok = false;
    return ST_GROUP;
}

static BoundMode parse_bound(const char *v, bool *ok) {
    *ok = true;
    if (!v || !strcmp(v, "unbounded")) return BD_UNBOUNDED;
    if (!strcmp(v, "latest-offset")) return BD_LATEST;
    if (!strcmp(v, "group-offsets")) return BD_GROUP;
    if (!strcmp(v, "timestamp")) return BD_TIMESTAMP;
    if (!strcmp(v, "specific-offsets")) return BD_SPECIFIC;
    *ok = false;
    return BD_UNBOUNDED;
}

extern const OpVtab eddy__op_kafka_source;

static eddy_status kafka_source(const ConnectorCtx *cx, SourceSpec *out, EdErr *err) {
    const TableDef *t = cx->def;
    KafkaPlan *p = eddy__arena_alloc(cx->a, sizeof *p);
    MetaKey *meta = eddy__arena_alloc(cx->a, sizeof(MetaKey) * (size_t)(cx->nmeta + 1));
    if (!p || !meta) return NOMEM(err);
    memset(p, 0, sizeof *p);
    eddy_status rc = plan_common(cx, p, false, err);
    if (rc) return rc;
    /* Flink's KafkaSourceBuilder: committing offsets asked for needs a group */
    const char *ac = eddy__kafka_prop(p, "enable.auto.commit");
    if (!p->user_group && ((ac && !strcasecmp(ac, "true")) || (p->commit_on_ckpt && !strcasecmp(p->commit_on_ckpt, "true"))))
        return eddy__err(err, EDDY_E_VALIDATION, "Property group.id is required when offset commit is enabled");
    for (int i = 0; i < cx->nmeta; i++) {
        meta[i] = MK_FORMAT;
        for (int k = 0; kafka_metadata[k]; k++)
            if (!strcmp(cx->meta_keys[i], kafka_metadata[k])) meta[i] = (MetaKey)k;
    }
    p->nphys = cx->nphys;
    p->nmeta = cx->nmeta;
    p->meta = meta;
    bool ok;
    const char *sm = p->upsert ? "earliest-offset" : opt(t, "scan.startup.mode");
    p->start = parse_start(sm, &ok);
    if (!ok)
        return bad_enum("scan.startup.mode", sm, "[earliest-offset, latest-offset, group-offsets, timestamp, "
                        "specific-offsets]", err);
    const char *bm = opt(t, "scan.bounded.mode");
    p->bound = parse_bound(bm, &ok);
    if (!ok)
        return bad_enum("scan.bounded.mode", bm, "[latest-offset, group-offsets, timestamp, specific-offsets, "
                        "unbounded]", err);
    if (p->start == ST_TIMESTAMP) {
        if (!opt(t, "scan.startup.timestamp-millis"))
            return eddy__err(err, EDDY_E_VALIDATION,
                             "'scan.startup.timestamp-millis' is required in 'timestamp' startup mode but missing.");
        if ((rc = eddy__option_long(t, "scan.startup.timestamp-millis", 0, &p->start_ts, err))) return rc;
    }
    if (p->start == ST_SPECIFIC) {
        const char *so = opt(t, "scan.startup.specific-offsets");
        if (!so)
            return eddy__err(err, EDDY_E_VALIDATION, "'scan.startup.specific-offsets' is required in "
                                                     "'specific-offsets' startup mode but missing.");
        if (p->ntopics != 1)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Currently Kafka source only supports specific offset for single topic.");
        if ((rc = parse_offsets(cx->a, "scan.startup.specific-offsets", so, &p->nstart_spec, &p->start_spec, err)))
            return rc;
    }
    if (p->bound == BD_TIMESTAMP) {
        if (!opt(t, "scan.bounded.timestamp-millis"))
            return eddy__err(err, EDDY_E_VALIDATION,
                             "'scan.bounded.timestamp-millis' is required in 'timestamp' bounded mode but missing.");
        if ((rc = eddy__option_long(t, "scan.bounded.timestamp-millis", 0, &p->bound_ts, err))) return rc;
    }
    if (p->bound == BD_SPECIFIC) {
        const char *so = opt(t, "scan.bounded.specific-offsets");
        if (!so)
            return eddy__err(err, EDDY_E_VALIDATION, "'scan.bounded.specific-offsets' is required in "
                                                     "'specific-offsets' bounded mode but missing.");
        if (p->ntopics != 1)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Currently Kafka source only supports specific offset for single topic.");
        if ((rc = parse_offsets(cx->a, "scan.bounded.specific-offsets", so, &p->nbound_spec, &p->bound_spec, err)))
            return rc;
    }
    if (p->reset && strcmp(p->reset, "none") && strcmp(p->reset, "earliest") && strcmp(p->reset, "latest"))
        return eddy__err(err, EDDY_E_VALIDATION, "%s can not be set to %s.", "auto.offset.reset", p->reset);
    /* Flink's default: every 5 minutes; 0 (or less) turns it off, and a
     * bounded source never discovers (KafkaSourceBuilder sets -1 then) */
    if ((rc = eddy__option_duration_ms(t, "scan.topic-partition-discovery.interval", 5 * 60000, &p->discovery_ms, err)))
        return rc;
    if (p->discovery_ms < 0 || p->bound != BD_UNBOUNDED) p->discovery_ms = 0;
    int64_t par = 0;
    if ((rc = eddy__option_long(t, "scan.parallelism", 0, &par, err))) return rc;
    /* the watermark pushed into the source (SupportsWatermarkPushDown):
     * generated per partition, the source's the minimum of its partitions' */
    p->watermark = cx->watermark;
    p->idle_ms = cx->idle_timeout_ms;
    p->tz = cx->tz;
    out->takes_watermark = cx->watermark != NULL;
    out->vt = &eddy__op_kafka_source;
    out->plan = p;
    out->bounded = p->bound != BD_UNBOUNDED;
    out->parallelism = (int)par;
    out->changelog = p->upsert ? CL_INSERT | CL_UPDATE_AFTER | CL_DELETE : p->changelog ? p->value.fp.vt->changelog : CL_INSERT;
    out->name = "KafkaSource";
    return EDDY_OK;
}

/* ---- running: shared ----------------------------------------------------------------- */


/* librdkafka's own log lines (a broker going away, a retry) stay out of the
 * program's stderr, as Flink's go to its log file; what fails a job is
 * reported as its error. 'properties.log_level' or 'properties.debug' turn
 * librdkafka's default logger (stderr) back on. */
static void quiet_log(const rd_kafka_t *rk, int level, const char *fac, const char *buf) {
    (void)rk, (void)level, (void)fac, (void)buf;
}


/* A librdkafka configuration with the table's properties; NULL after an
 * error recorded on op. log_cb: the log callback (NULL: librdkafka's
 * stderr logger when the table asks for logs, else none), set before the
 * properties, so that a plugin the table loads may set its own. */
rd_kafka_conf_t *eddy__kafka_conf(Op *op, const KafkaPlan *p,
                                  void (*log_cb)(const rd_kafka_t *, int, const char *, const char *)) {
    rd_kafka_conf_t *conf = rd_kafka_conf_new();
    if (log_cb || !wants_log(p)) rd_kafka_conf_set_log_cb(conf, log_cb ? log_cb : quiet_log);
    char why[512];
    for (int i = 0; i < p->nprops; i++)
        if (rd_kafka_conf_set(conf, p->props[i].key, p->props[i].value, why, sizeof why) != RD_KAFKA_CONF_OK) {
            rd_kafka_conf_destroy(conf);
            eddy__op_fail(op, EDDY_E_VALIDATION, "Invalid Kafka property 'properties.%s' = '%s': %s",
                          p->props[i].key, p->props[i].value, why);
            return NULL;
        }
    return conf;
}

bool eddy__kafka_conf_set(rd_kafka_conf_t *c, const char *k, const char *v) {
    char why[256];
    return rd_kafka_conf_set(c, k, v, why, sizeof why) == RD_KAFKA_CONF_OK;
}

const char *eddy__kafka_prop(const KafkaPlan *p, const char *k) {
    for (int i = 0; i < p->nprops; i++)
        if (!strcmp(p->props[i].key, k)) return p->props[i].value;
    return NULL;
}


/* Java's String.hashCode of an ASCII / UTF-8 name (equal for ASCII). */
static int32_t java_hash(const char *s) {
    uint32_t h = 0;
    for (; *s; s++) h = 31 * h + (unsigned char)*s;
    return (int32_t)h;
}

/* ---- running: the source --------------------------------------------------------------- */

typedef struct KPart {
    const char *topic;
    int32_t partition;
    int64_t start, stop; /* stop: first offset not read (INT64_MAX: unbounded) */
    int64_t next;        /* the offset after the last message handled (the checkpoint position) */
    bool done;
    uint64_t skipped, nulled;
    int64_t first_offset;
    Buf first_reason;
    int64_t wm;          /* the largest watermark value of its rows (INT64_MIN: none yet) */
    int64_t last_row_ms; /* when its last row came (the idle timeout) */
} KPart;

typedef struct KSource {
    rd_kafka_t *rk;
    Arena a;
    KPart *parts;
    int nparts, live;
    Batch *batch;
    uint32_t rows;
    Vector **kvecs, **vvecs;
    FormatRun run;
    bool idle_sent;
    /* per-partition watermarks */
    int32_t *row_part;   /* the partition of each row of the batch */
    ExprProg *wm;
    EvalCtx cx;
    Arena progs, scratch;
    int64_t emitted;     /* the last watermark emitted */
    bool wm_idle;        /* every partition idle: the source said so */
    int64_t now_ms;      /* monotonic ms at this produce call */
    int64_t discover_at; /* monotonic ms of the next partition discovery */
    int capparts;
    /* offsets to commit to the group when their checkpoint completes */
    ED_VEC(struct KCommit {
        int64_t ckpt;
        rd_kafka_topic_partition_list_t *offs;
    }) commits;
} KSource;

/* Whether a checkpoint's completion commits the offsets it holds to the
 * consumer group: with properties.group.id, unless
 * properties.commit.offsets.on.checkpoint is not 'true' (Flink's
 * KafkaSourceOptions, default true; without a group id Flink turns it
 * off). */
static bool commits_on_checkpoint(const KafkaPlan *p) {
    return p->user_group && (!p->commit_on_ckpt || !strcasecmp(p->commit_on_ckpt, "true"));
}

static eddy_status kfail(Op *op, const char *what, rd_kafka_resp_err_t e) {
    return eddy__op_fail(op, EDDY_E_IO, "%s: %s", what, rd_kafka_err2str(e));
}

static bool topic_wanted(const KafkaPlan *p, const char *name) {
    if (p->pattern) return regexec(p->pattern, name, 0, NULL, 0) == 0;
    for (int i = 0; i < p->ntopics; i++)
        if (!strcmp(p->topics[i], name)) return true;
    return false;
}

static int64_t spec_offset(int n, const int64_t *spec, int32_t part) {
    for (int i = 0; i < n; i++)
        if (spec[2 * i] == part) return spec[2 * i + 1];
    return INT64_MIN;
}

static int cmp_parts(const void *x, const void *y) {
    const KPart *a = x, *b = y;
    int c = strcmp(a->topic, b->topic);
    return c ? c : (a->partition > b->partition) - (a->partition < b->partition);
}

/* Whether partition pid of topic goes to this reader (Flink's KafkaSourceEnumerator). */
static bool mine(const Op *op, const char *topic, int32_t pid) {
    int start = (int)(((uint32_t)java_hash(topic) * 31u & 0x7FFFFFFFu) % (uint32_t)op->parallelism);
    return (start + pid) % op->parallelism == op->subtask;
}

/* The partitions of this subtask, from the cluster's metadata. */
static eddy_status list_partitions(Op *op, KSource *s) {
    const KafkaPlan *p = op->plan;
    const struct rd_kafka_metadata *md;
    rd_kafka_resp_err_t e = rd_kafka_metadata(s->rk, 1, NULL, &md, META_TIMEOUT_MS);
    if (e) return kfail(op, "Failed to get metadata of the Kafka cluster", e);
    eddy_status rc = EDDY_OK;
    ED_VEC(KPart) parts = {0};
    for (int k = 0; !rc && k < p->ntopics; k++) {
        bool found = false;
        for (int i = 0; i < md->topic_cnt; i++)
            found = found || (!strcmp(md->topics[i].topic, p->topics[k]) && !md->topics[i].err);
        if (!found)
            rc = eddy__op_fail(op, EDDY_E_IO, "Failed to get metadata for topics [%s]: the topic does not exist",
                               p->topics[k]);
    }
    for (int i = 0; !rc && i < md->topic_cnt; i++) {
        const struct rd_kafka_metadata_topic *tp = &md->topics[i];
        if (tp->err || !topic_wanted(p, tp->topic)) continue;
        const char *name = eddy__arena_printf(&s->a, "%s", tp->topic);
        if (!name) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        for (int j = 0; !rc && j < tp->partition_cnt; j++) {
            int32_t pid = tp->partitions[j].id;
            if (!mine(op, tp->topic, pid)) continue;
            KPart kp = {.topic = name, .partition = pid};
            eddy__buf_init(&kp.first_reason);
            if (!ed_vec_push(&parts, kp)) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
    }
    rd_kafka_metadata_destroy(md);
    if (parts.len) qsort(parts.items, parts.len, sizeof(KPart), cmp_parts);
    s->parts = parts.items;
    s->nparts = (int)parts.len;
    s->capparts = (int)parts.cap;
    return rc;
}

/* Offsets for a timestamp (the first with a timestamp >= ts; the end when
 * none has) into off[i] for each partition. */
static eddy_status offsets_for_time(Op *op, KSource *s, int64_t ts, const int64_t *hi, int64_t *off) {
    rd_kafka_topic_partition_list_t *l = rd_kafka_topic_partition_list_new(s->nparts);
    for (int i = 0; i < s->nparts; i++)
        rd_kafka_topic_partition_list_add(l, s->parts[i].topic, s->parts[i].partition)->offset = ts;
    rd_kafka_resp_err_t e = rd_kafka_offsets_for_times(s->rk, l, META_TIMEOUT_MS);
    for (int i = 0; !e && i < s->nparts; i++) {
        int64_t o = l->elems[i].offset;
        if (l->elems[i].err) e = l->elems[i].err;
        off[i] = o < 0 ? hi[i] : o;
    }
    rd_kafka_topic_partition_list_destroy(l);
    return e ? kfail(op, "Failed to look up the offsets for a timestamp", e) : EDDY_OK;
}

/* The group's committed offsets (-1 where none). */
static eddy_status committed(Op *op, KSource *s, int64_t *off) {
    rd_kafka_topic_partition_list_t *l = rd_kafka_topic_partition_list_new(s->nparts);
    for (int i = 0; i < s->nparts; i++) rd_kafka_topic_partition_list_add(l, s->parts[i].topic, s->parts[i].partition);
    rd_kafka_resp_err_t e = rd_kafka_committed(s->rk, l, META_TIMEOUT_MS);
    for (int i = 0; !e && i < s->nparts; i++) off[i] = l->elems[i].offset;
    rd_kafka_topic_partition_list_destroy(l);
    return e ? kfail(op, "Failed to fetch the committed offsets", e) : EDDY_OK;
}

/* Assigns the partitions with something to read, each from its start. */
static eddy_status assign_parts(Op *op, KSource *s) {
    rd_kafka_topic_partition_list_t *l = rd_kafka_topic_partition_list_new(s->nparts + 1);
    for (int i = 0; i < s->nparts; i++)
        if (!s->parts[i].done)
            rd_kafka_topic_partition_list_add(l, s->parts[i].topic, s->parts[i].partition)->offset = s->parts[i].start;
    rd_kafka_resp_err_t e = rd_kafka_assign(s->rk, l);
    rd_kafka_topic_partition_list_destroy(l);
    return e ? kfail(op, "Failed to assign the Kafka partitions", e) : EDDY_OK;
}

/* Resolves every partition's start and stop offsets and assigns the ones
 * with something to read. */
static eddy_status resolve_offsets(Op *op, KSource *s) {
    const KafkaPlan *p = op->plan;
    int n = s->nparts;
    int64_t *lo = eddy__arena_alloc(&s->a, sizeof(int64_t) * (size_t)(3 * n + 1));
    if (!lo) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    int64_t *hi = lo + n, *tmp = hi + n;
    for (int i = 0; i < n; i++) {
        rd_kafka_resp_err_t e =
            rd_kafka_query_watermark_offsets(s->rk, s->parts[i].topic, s->parts[i].partition, &lo[i], &hi[i],
                                             META_TIMEOUT_MS);
        if (e) return kfail(op, "Failed to query the offsets of a Kafka partition", e);
    }
    eddy_status rc = EDDY_OK;
    bool need_committed = p->start == ST_GROUP || p->start == ST_SPECIFIC || p->bound == BD_GROUP;
    int64_t *com = need_committed ? eddy__arena_alloc(&s->a, sizeof(int64_t) * (size_t)(n + 1)) : NULL;
    if (need_committed && !com) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    if (com && n && (rc = committed(op, s, com))) return rc;
    /* start */
    if (p->start == ST_TIMESTAMP && n && (rc = offsets_for_time(op, s, p->start_ts, hi, tmp))) return rc;
    Buf undefined;
    eddy__buf_init(&undefined);
    for (int i = 0; i < n; i++) {
        KPart *kp = &s->parts[i];
        switch (p->start) {
        case ST_EARLIEST: kp->start = lo[i]; break;
        case ST_LATEST: kp->start = hi[i]; break;
        case ST_TIMESTAMP: kp->start = tmp[i]; break;
        case ST_SPECIFIC:
        case ST_GROUP: {
            int64_t o = p->start == ST_SPECIFIC ? spec_offset(p->nstart_spec, p->start_spec, kp->partition) : INT64_MIN;
            if (o == INT64_MIN) o = com[i] >= 0 ? com[i] : INT64_MIN;
            if (o == INT64_MIN) {
                /* no committed offset: the reset strategy (specific offsets: earliest) */
                const char *r = p->start == ST_SPECIFIC ? "earliest" : p->reset ? p->reset : "none";
                if (!strcmp(r, "earliest")) o = lo[i];
                else if (!strcmp(r, "latest")) o = hi[i];
                else eddy__buf_printf(&undefined, "%s%s-%d", undefined.len ? ", " : "", kp->topic, kp->partition);
            }
            kp->start = o < lo[i] ? lo[i] : o;
            break;
        }
        }
    }
    if (undefined.len) {
        rc = eddy__op_fail(op, EDDY_E_RUNTIME, "Undefined offset with no reset policy for partitions: [%s]",
                           eddy__buf_cstr(&undefined));
        eddy__buf_free(&undefined);
        return rc;
    }
    eddy__buf_free(&undefined);
    /* stop */
    if (p->bound == BD_TIMESTAMP && n && (rc = offsets_for_time(op, s, p->bound_ts, hi, tmp))) return rc;
    for (int i = 0; i < n; i++) {
        KPart *kp = &s->parts[i];
        switch (p->bound) {
        case BD_UNBOUNDED: kp->stop = INT64_MAX; break;
        case BD_LATEST: kp->stop = hi[i]; break;
        case BD_TIMESTAMP: kp->stop = tmp[i]; break;
        case BD_GROUP: kp->stop = com[i] >= 0 ? com[i] : hi[i]; break;
        case BD_SPECIFIC: {
            int64_t o = spec_offset(p->nbound_spec, p->bound_spec, kp->partition);
            kp->stop = o == INT64_MIN ? lo[i] : o;
            break;
        }
        }
        kp->done = kp->start >= kp->stop;
        kp->next = kp->start;
        if (!kp->done) s->live++;
    }
    return assign_parts(op, s);
}

/* ---- per-partition watermarks ---------------------------------------------------- */

static eddy_status wm_open(Op *op, KSource *s) {
    const KafkaPlan *p = op->plan;
    s->emitted = INT64_MIN;
    int64_t now = eddy__mono_ns() / 1000000;
    for (int i = 0; i < s->nparts; i++) {
        s->parts[i].wm = INT64_MIN;
        s->parts[i].last_row_ms = now;
    }
    if (!p->watermark) return EDDY_OK;
    eddy__arena_init(&s->progs, 4096);
    eddy__arena_init(&s->scratch, 16384);
    s->cx = (EvalCtx){.scratch = &s->scratch, .err = eddy__op_err(op), .tz = p->tz, .now_ms = eddy__wall_ms()};
    s->cx.proc_ms = s->cx.now_ms;
    s->row_part = eddy__calloc(op->batch_size ? op->batch_size : 1, sizeof(int32_t));
    if (!s->row_part) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    eddy_status rc = eddy__expr_compile(&s->progs, p->watermark, &s->cx, &s->wm);
    eddy__arena_reset(&s->scratch);
    return rc;
}

/* The source's watermark: the smallest of its partitions' that still read
 * and are not idle; emitted when it passed the last one. With every
 * partition idle the source is marked idle (a later watermark makes it
 * active again). */
static eddy_status wm_advance(Op *op, KSource *s) {
    const KafkaPlan *p = op->plan;
    if (!s->wm) return EDDY_OK;
    int64_t now = eddy__mono_ns() / 1000000, min = INT64_MAX;
    int active = 0;
    for (int i = 0; i < s->nparts; i++) {
        const KPart *kp = &s->parts[i];
        if (kp->done || (p->idle_ms > 0 && now - kp->last_row_ms > p->idle_ms)) continue;
        active++;
        if (kp->wm < min) min = kp->wm;
    }
    if (!active) {
        if (s->wm_idle || p->idle_ms <= 0 || s->live == 0) return EDDY_OK;
        s->wm_idle = true;
        return eddy__op_emit_idle(op, true);
    }
    if (min == INT64_MIN || min == INT64_MAX || min <= s->emitted) return EDDY_OK;
    s->emitted = min;
    s->wm_idle = false;
    return eddy__op_emit_watermark(op, min);
}

/* The batch's rows raise their partitions' watermarks. */
static eddy_status wm_rows(Op *op, KSource *s, const Batch *b) {
    Vector *w = NULL;
    eddy_status rc = eddy__expr_eval(s->wm, &s->cx, b, NULL, b->n, &w);
    if (!rc) {
        for (uint32_t r = 0; r < b->n; r++) {
            if (vec_is_null(w, r)) continue;
            int64_t v = VEC_DATA(w, Ts)[vidx(w, r)].ms;
            KPart *kp = &s->parts[s->row_part[r]];
            if (v > kp->wm) kp->wm = v;
        }
    }
    eddy__vec_release(w);
    eddy__arena_reset(&s->scratch);
    return rc ? rc : wm_advance(op, s);
}

static eddy_status ksource_open(Op *op) {
    const KafkaPlan *p = op->plan;
    KSource *s = eddy__calloc(1, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    eddy__arena_init(&s->a, 1024);
    eddy__format_run_init(&s->run);
    s->kvecs = eddy__calloc((size_t)p->key.ncols + 1, sizeof(Vector *));
    s->vvecs = eddy__calloc((size_t)(p->value.ncols + p->nfmeta) + 1, sizeof(Vector *));
    if (!s->kvecs || !s->vvecs) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    rd_kafka_conf_t *conf = eddy__kafka_conf(op, p, NULL);
    if (!conf) return EDDY_E_VALIDATION;
    char group[512];
    snprintf(group, sizeof group, "KafkaSource-%s", p->table);
    /* the Java client's isolation.level (read_uncommitted), which Flink's
     * KafkaSource keeps unless the table sets one; librdkafka's own default
     * is read_committed */
    bool ok = (has_prop(p, "group.id") || eddy__kafka_conf_set(conf, "group.id", group)) &&
              (has_prop(p, "isolation.level") || eddy__kafka_conf_set(conf, "isolation.level", "read_uncommitted")) &&
              (has_prop(p, "enable.auto.commit") || eddy__kafka_conf_set(conf, "enable.auto.commit", "false")) &&
              eddy__kafka_conf_set(conf, "enable.partition.eof", "true");
    char why[512];
    if (!ok || !(s->rk = rd_kafka_new(RD_KAFKA_CONSUMER, conf, why, sizeof why))) {
        if (ok) rd_kafka_conf_destroy(conf);
        else rd_kafka_conf_destroy(conf), snprintf(why, sizeof why, "invalid configuration");
        return eddy__op_fail(op, EDDY_E_IO, "Could not create the Kafka consumer: %s", why);
    }
    rd_kafka_poll_set_consumer(s->rk);
    eddy_status rc = list_partitions(op, s);
    if (!rc) rc = resolve_offsets(op, s);
    if (!rc) rc = wm_open(op, s);
    s->discover_at = eddy__mono_ns() / 1000000 + p->discovery_ms;
    return rc;
}

static KPart *find_part(KSource *s, const char *topic, int32_t part) {
    for (int i = 0; i < s->nparts; i++)
        if (s->parts[i].partition == part && !strcmp(s->parts[i].topic, topic)) return &s->parts[i];
    return NULL;
}

static void part_done(KSource *s, KPart *kp) {
    if (kp->done) return;
    kp->done = true;
    s->live--;
}

/* Decodes msg's bytes with format rf into row `row` of vecs (NULLs for a
 * null message): DEC_ROW, DEC_NONE, DEC_BAD (run.reason) or DEC_NOMEM. */
static DecodeStatus decode_part(KSource *s, const RoleFormat *rf, Vector **vecs, const void *bytes, size_t n,
                                uint32_t row) {
    if (!bytes) {
        for (int i = 0; i < rf->ncols; i++) eddy__vec_set_null(vecs[i], row);
        s->run.nulled = false;
        return DEC_ROW;
    }
    size_t used;
    uint32_t lines;
    s->run.file_start = true;
    DecodeStatus st = rf->fp.vt->decode(&rf->fp, &s->run, bytes, n, true, &used, &lines, vecs, row);
    return st == DEC_MORE ? DEC_BAD : st;
}

static void fill_meta(const KafkaPlan *p, Batch *b, uint32_t r, const rd_kafka_message_t *m) {
    for (int k = 0; k < p->nmeta; k++) {
        Vector *v = b->cols[p->nphys + k];
        if (p->meta[k] == MK_FORMAT) continue;
        vec_set_valid(v, r);
        switch (p->meta[k]) {
        case MK_FORMAT: break;
        case MK_TOPIC: {
            const char *t = rd_kafka_topic_name(m->rkt);
            eddy__vec_set_str(v, r, t, strlen(t));
            break;
        }
        case MK_PARTITION: VEC_DATA(v, int32_t)[r] = m->partition; break;
        case MK_OFFSET: VEC_DATA(v, int64_t)[r] = m->offset; break;
        case MK_LEADER_EPOCH:
            /* librdkafka 2.0 does not hand the epoch out (2.1 does): NULL,
             * as Flink's leaderEpoch().orElse(null) for an unknown one */
            eddy__vec_set_null(v, r);
            break;
        case MK_TIMESTAMP:
        case MK_TIMESTAMP_TYPE: {
            rd_kafka_timestamp_type_t tt;
            int64_t ts = rd_kafka_message_timestamp(m, &tt);
            if (p->meta[k] == MK_TIMESTAMP) {
                VEC_DATA(v, Ts)[r] = (Ts){ts < 0 ? 0 : ts, 0};
            } else {
                const char *name = tt == RD_KAFKA_TIMESTAMP_CREATE_TIME       ? "CreateTime"
                                   : tt == RD_KAFKA_TIMESTAMP_LOG_APPEND_TIME ? "LogAppendTime"
                                                                              : "NoTimestampType";
                eddy__vec_set_str(v, r, name, strlen(name));
            }
            break;
        }
        case MK_HEADERS: {
            rd_kafka_headers_t *h = NULL;
            size_t nh = rd_kafka_message_headers(m, &h) == RD_KAFKA_RESP_ERR_NO_ERROR ? rd_kafka_header_cnt(h) : 0;
            uint32_t off = eddy__vec_list_append(v, (uint32_t)nh);
            for (size_t i = 0; i < nh && !v->failed; i++) {
                const char *name;
                const void *val;
                size_t len;
                rd_kafka_header_get_all(h, i, &name, &val, &len);
                vec_set_valid(v->child[0], off + (uint32_t)i);
                eddy__vec_set_str(v->child[0], off + (uint32_t)i, name, strlen(name));
                if (!val) {
                    eddy__vec_set_null(v->child[1], off + (uint32_t)i);
                } else {
                    vec_set_valid(v->child[1], off + (uint32_t)i);
                    eddy__vec_set_str(v->child[1], off + (uint32_t)i, val, len);
                }
            }
            VEC_DATA(v, ListEntry)[r] = (ListEntry){off, (uint32_t)nh};
            break;
        }
        }
    }
}

/* Handles one message: a row in the batch, a skip, or an error. */
static eddy_status flush_batch(Op *op, KSource *s);
static eddy_status new_batch(Op *op, KSource *s);

/* Handles one message: its rows in the batch (a changelog format's record
 * may hold several: debezium's -U and +U, canal's data), a skip, or an
 * error. */
static eddy_status on_message(Op *op, KSource *s, const rd_kafka_message_t *m) {
    const KafkaPlan *p = op->plan;
    KPart *kp = find_part(s, rd_kafka_topic_name(m->rkt), m->partition);
    if (!kp || kp->done) return EDDY_OK;
    kp->next = m->offset + 1;
    if (m->offset >= kp->stop) {
        part_done(s, kp);
        return EDDY_OK;
    }
    if (m->offset + 1 >= kp->stop) part_done(s, kp);
    bool tombstone = !m->payload;
    if (tombstone && !p->upsert) return EDDY_OK; /* Flink's formats give no row for a null value */
    Buf *reason = &s->run.reason;
    bool need_key = p->key.on && (tombstone || !p->key_from_value);
    for (;;) {
        if (s->rows >= op->batch_size) {
            /* a record of more rows than the batch has room for */
            eddy_status rc = flush_batch(op, s);
            if (!rc) rc = new_batch(op, s);
            if (rc) return rc;
        }
        Batch *b = s->batch;
        uint32_t r = s->rows;
        DecodeStatus st = DEC_ROW;
        bool nulled = false;
        if (tombstone) {
            for (int c = 0; c < p->nphys; c++) eddy__vec_set_null(b->cols[c], r);
            for (int i = 0; i < p->nfmeta; i++) eddy__vec_set_null(b->cols[p->fmeta_cols[i]], r);
        } else {
            st = decode_part(s, &p->value, s->vvecs, m->payload, m->len, r);
            nulled = s->run.nulled;
        }
        bool more = p->changelog && !tombstone && s->run.more;
        uint8_t kind = s->run.kind;
        if ((st == DEC_ROW) && need_key) {
            st = decode_part(s, &p->key, s->kvecs, m->key, m->key_len, r);
            nulled = nulled || s->run.nulled;
        }
        if (st == DEC_NOMEM) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        if (st == DEC_BAD &&
            !(tombstone ? p->key.fp.ignore_errors : p->value.fp.ignore_errors && (!need_key || p->key.fp.ignore_errors)))
            return eddy__op_fail(op, EDDY_E_RUNTIME,
                                 "Failed to deserialize consumer record ConsumerRecord(topic = %s, partition = %d, offset "
                                 "= %lld): %s",
                                 kp->topic, kp->partition, (long long)m->offset, eddy__buf_cstr(reason));
        if (st == DEC_BAD || nulled) {
            if (!kp->skipped && !kp->nulled) {
                kp->first_offset = m->offset;
                eddy__buf_puts(&kp->first_reason, eddy__buf_cstr(reason));
            }
            if (st == DEC_BAD) kp->skipped++;
            else kp->nulled++;
        }
        if (st == DEC_ROW) {
            fill_meta(p, b, r, m);
            if (p->upsert) VEC_DATA(b->kinds, uint8_t)[r] = tombstone ? RK_DELETE : RK_INSERT;
            else if (p->changelog) VEC_DATA(b->kinds, uint8_t)[r] = kind;
            if (s->row_part) {
                s->row_part[r] = (int32_t)(kp - s->parts);
                kp->last_row_ms = s->now_ms;
            }
            s->rows++;
        }
        if (!more || st == DEC_BAD) return EDDY_OK;
    }
}

/* A batch to fill, the formats' vectors pointing into it (row kinds for upsert and changelog formats). */
static eddy_status new_batch(Op *op, KSource *s) {
    const KafkaPlan *p = op->plan;
    s->batch = eddy__batch_new_typed(op->node->ncols, op->node->col_types, op->batch_size);
    if (!s->batch || ((p->upsert || p->changelog) && !eddy__batch_ensure_kinds(s->batch, op->batch_size)))
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    for (int i = 0; i < p->value.ncols; i++) s->vvecs[i] = s->batch->cols[p->value.cols[i]];
    for (int i = 0; i < p->nfmeta; i++) s->vvecs[p->value.ncols + i] = s->batch->cols[p->fmeta_cols[i]];
    for (int i = 0; i < p->key.ncols; i++) s->kvecs[i] = s->batch->cols[p->key.cols[i]];
    return EDDY_OK;
}

static eddy_status flush_batch(Op *op, KSource *s) {
    Batch *b = s->batch;
    if (!b || !s->rows) return EDDY_OK;
    s->batch = NULL;
    b->n = b->count = s->rows;
    s->rows = 0;
    eddy_status rc = EDDY_OK;
    for (int c = 0; c < b->ncols; c++)
        if (b->cols[c]->failed) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    if (!rc) rc = eddy__op_emit(op, b);
    if (!rc && s->wm) rc = wm_rows(op, s, b);
    eddy__batch_release(b);
    return rc;
}

/* The end of a bounded read: malformed tallies to the job, offsets to the group. */
static eddy_status ksource_end(Op *op, KSource *s) {
    const KafkaPlan *p = op->plan;
    eddy_status rc = EDDY_OK;
    for (int i = 0; !rc && i < s->nparts; i++) {
        KPart *kp = &s->parts[i];
        if (!kp->skipped && !kp->nulled) continue;
        char where[400];
        snprintf(where, sizeof where, "%s-%d", kp->topic, kp->partition);
        rc = eddy__op_report_malformed(op, where, kp->skipped, kp->nulled, kp->first_offset,
                                       eddy__buf_cstr(&kp->first_reason));
    }
    if (!rc && p->user_group && s->nparts) {
        rd_kafka_resp_err_t e = rd_kafka_commit(s->rk, NULL, 0);
        if (e && e != RD_KAFKA_RESP_ERR__NO_OFFSET) rc = kfail(op, "Failed to commit the offsets to the group", e);
    }
    return rc ? rc : EDDY_DONE;
}

static bool fatal_consumer_error(rd_kafka_resp_err_t e) {
    return e == RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART || e == RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED ||
           e == RD_KAFKA_RESP_ERR__AUTO_OFFSET_RESET || e == RD_KAFKA_RESP_ERR__FATAL ||
           e == RD_KAFKA_RESP_ERR_OFFSET_OUT_OF_RANGE || e == RD_KAFKA_RESP_ERR__UNKNOWN_PARTITION ||
           e == RD_KAFKA_RESP_ERR__UNKNOWN_TOPIC || e == RD_KAFKA_RESP_ERR_GROUP_AUTHORIZATION_FAILED;
}

/* Adds a partition to read from `start` (an offset or librdkafka's
 * logical BEGINNING) to `stop` (the name is kept); false: out of memory. */
static bool add_part(KSource *s, const char *name, int32_t pid, int64_t start, int64_t stop) {
    if (s->nparts == s->capparts) {
        int cap = s->capparts ? 2 * s->capparts : 8;
        KPart *np = eddy__realloc(s->parts, sizeof(KPart) * (size_t)cap);
        if (!np) return false;
        s->parts = np;
        s->capparts = cap;
    }
    KPart *kp = &s->parts[s->nparts++];
    *kp = (KPart){.topic = name, .partition = pid, .start = start, .next = start, .stop = stop, .wm = INT64_MIN,
                  .last_row_ms = eddy__mono_ns() / 1000000};
    eddy__buf_init(&kp->first_reason);
    kp->done = start >= 0 && start >= stop;
    if (!kp->done) s->live++;
    return true;
}

/* Partition discovery (scan.topic-partition-discovery.interval): the
 * partitions of the subscribed topics (a pattern's: of every matching
 * topic, new ones too) that this reader would be dealt and does not read
 * yet are added and read from their earliest offset, as Flink's
 * enumerator does for partitions it discovers while the job runs. A
 * failed metadata request is tried again at the next interval. */
static eddy_status discover(Op *op, KSource *s) {
    const KafkaPlan *p = op->plan;
    const struct rd_kafka_metadata *md;
    if (rd_kafka_metadata(s->rk, 1, NULL, &md, META_TIMEOUT_MS)) return EDDY_OK;
    rd_kafka_topic_partition_list_t *l = rd_kafka_topic_partition_list_new(4);
    eddy_status rc = EDDY_OK;
    for (int i = 0; !rc && i < md->topic_cnt; i++) {
        const struct rd_kafka_metadata_topic *tp = &md->topics[i];
        if (tp->err || !topic_wanted(p, tp->topic)) continue;
        const char *name = NULL;
        for (int j = 0; !rc && j < tp->partition_cnt; j++) {
            int32_t pid = tp->partitions[j].id;
            if (!mine(op, tp->topic, pid) || find_part(s, tp->topic, pid)) continue;
            if (!name) name = eddy__arena_printf(&s->a, "%s", tp->topic);
            if (!name || !add_part(s, name, pid, RD_KAFKA_OFFSET_BEGINNING, INT64_MAX)) {
                rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
                break;
            }
            rd_kafka_topic_partition_list_add(l, name, pid)->offset = RD_KAFKA_OFFSET_BEGINNING;
        }
    }
    rd_kafka_metadata_destroy(md);
    if (!rc && l->cnt) {
        rd_kafka_error_t *e = rd_kafka_incremental_assign(s->rk, l);
        if (e) {
            rc = eddy__op_fail(op, EDDY_E_IO, "Failed to assign the discovered Kafka partitions: %s",
                               rd_kafka_error_string(e));
            rd_kafka_error_destroy(e);
        }
        s->idle_sent = false;
    }
    rd_kafka_topic_partition_list_destroy(l);
    return rc;
}

static eddy_status ksource_produce(Op *op) {
    const KafkaPlan *p = op->plan;
    KSource *s = op->state;
    if (p->discovery_ms > 0 && eddy__mono_ns() / 1000000 >= s->discover_at) {
        s->discover_at = eddy__mono_ns() / 1000000 + p->discovery_ms;
        eddy_status rc = discover(op, s);
        if (rc) return rc;
    }
    if (s->live == 0) {
        if (p->bound != BD_UNBOUNDED) return ksource_end(op, s);
        if (!s->idle_sent) {
            s->idle_sent = true;
            return eddy__op_emit_idle(op, true);
        }
        struct timespec ts = {0, 20 * 1000000};
        nanosleep(&ts, NULL);
        return EDDY_ROW;
    }
    if (!s->batch) {
        eddy_status rc = new_batch(op, s);
        if (rc) return rc;
    }
    int timeout = 100;
    s->now_ms = eddy__mono_ns() / 1000000;
    while (s->rows < op->batch_size && s->live > 0) {
        rd_kafka_message_t *m = rd_kafka_consumer_poll(s->rk, timeout);
        if (!m) break;
        timeout = 0;
        eddy_status rc = EDDY_OK;
        if (m->err == RD_KAFKA_RESP_ERR__PARTITION_EOF) {
            KPart *kp = m->rkt ? find_part(s, rd_kafka_topic_name(m->rkt), m->partition) : NULL;
            if (kp && m->offset >= kp->stop) part_done(s, kp);
        } else if (m->err) {
            if (fatal_consumer_error(m->err)) {
                rc = eddy__op_fail(op, EDDY_E_IO, "Kafka consumer error%s%s: %s", m->rkt ? " on topic " : "",
                                   m->rkt ? rd_kafka_topic_name(m->rkt) : "", rd_kafka_message_errstr(m));
            }
            /* other errors are transient: librdkafka retries */
        } else {
            rc = on_message(op, s, m);
        }
        rd_kafka_message_destroy(m);
        if (rc) return rc;
    }
    if (s->rows) return flush_batch(op, s);
    /* quiet: partitions may have become idle, or finished */
    eddy_status rc = wm_advance(op, s);
    if (rc) return rc;
    return s->live == 0 ? EDDY_OK : EDDY_ROW;
}

static void ksource_close(Op *op) {
    KSource *s = op->state;
    if (!s) return;
    for (size_t i = 0; i < s->commits.len; i++) rd_kafka_topic_partition_list_destroy(s->commits.items[i].offs);
    ed_vec_free(&s->commits);
    if (s->rk) {
        rd_kafka_consumer_close(s->rk);
        rd_kafka_destroy(s->rk);
    }
    for (int i = 0; i < s->nparts; i++) eddy__buf_free(&s->parts[i].first_reason);
    eddy__free(s->parts);
    eddy__batch_release(s->batch);
    eddy__format_run_free(&s->run);
    eddy__free(s->kvecs);
    eddy__free(s->vvecs);
    eddy__free(s->row_part);
    if (s->wm) {
        eddy__arena_destroy(&s->progs);
        eddy__arena_destroy(&s->scratch);
    }
    eddy__arena_destroy(&s->a);
    eddy__free(s);
}

/* Checkpoints: the position is, per partition read, the offset after the
 * last message handled and the stop offset (a restored bounded read ends
 * where the first run would have): u32 count, then i32 partition, i64
 * next, i64 stop, u16 topic length, topic. Messages are handled whole
 * within a produce call and its rows emitted before it returns, so
 * nothing is buffered between two calls. */
static eddy_status ksource_position(Op *op, Buf *out) {
    KSource *s = op->state;
    uint32_t n = (uint32_t)s->nparts;
    eddy__buf_put(out, &n, sizeof n);
    for (int i = 0; i < s->nparts; i++) {
        const KPart *kp = &s->parts[i];
        uint16_t tl = (uint16_t)strlen(kp->topic);
        eddy__buf_put(out, &kp->partition, sizeof kp->partition);
        eddy__buf_put(out, &kp->next, sizeof kp->next);
        eddy__buf_put(out, &kp->stop, sizeof kp->stop);
        eddy__buf_put(out, &tl, sizeof tl);
        eddy__buf_put(out, kp->topic, tl);
    }
    return out->failed ? eddy__op_fail(op, EDDY_E_NOMEM, "out of memory") : EDDY_OK;
}

/* Checkpoint `ckpt`'s barrier: with commits on checkpoints, notes the
 * offsets it holds (each partition's next offset; none yet: left out), as
 * Flink's KafkaSourceReader.snapshotState. */
static eddy_status ksource_snapshot(Op *op, int64_t ckpt) {
    KSource *s = op->state;
    if (!commits_on_checkpoint(op->plan)) return EDDY_OK;
    rd_kafka_topic_partition_list_t *l = rd_kafka_topic_partition_list_new(s->nparts > 0 ? s->nparts : 1);
    for (int i = 0; i < s->nparts; i++)
        if (s->parts[i].next >= 0)
            rd_kafka_topic_partition_list_add(l, s->parts[i].topic, s->parts[i].partition)->offset = s->parts[i].next;
    if (!ed_vec_push(&s->commits, ((struct KCommit){ckpt, l}))) {
        rd_kafka_topic_partition_list_destroy(l);
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    return EDDY_OK;
}

/* Checkpoint `ckpt` completed: its offsets are committed to the group
 * (asynchronously; a failure fails nothing, as in Flink, where the
 * committed offsets are for monitoring) and the older ones dropped. */
static eddy_status ksource_checkpoint_complete(Op *op, int64_t ckpt) {
    KSource *s = op->state;
    size_t keep = 0;
    rd_kafka_topic_partition_list_t *last = NULL;
    for (size_t i = 0; i < s->commits.len; i++) {
        struct KCommit *c = &s->commits.items[i];
        if (c->ckpt > ckpt) {
            s->commits.items[keep++] = *c;
            continue;
        }
        if (last) rd_kafka_topic_partition_list_destroy(last);
        last = c->offs;
    }
    s->commits.len = keep;
    if (last && last->cnt) rd_kafka_commit(s->rk, last, 1);
    if (last) rd_kafka_topic_partition_list_destroy(last);
    return EDDY_OK;
}

/* Restored: each partition of the position goes on from its offset (one
 * this run did not list is added); a partition of this run the position
 * does not have is new since the checkpoint and read from its earliest
 * offset, as discovered ones are. */
static eddy_status ksource_seek(Op *op, const void *pos, size_t len) {
    KSource *s = op->state;
    const unsigned char *b = pos, *end = b + len;
    uint32_t n = 0;
    bool ok = len >= sizeof n;
    if (ok) memcpy(&n, b, sizeof n), b += sizeof n;
    bool *seen = eddy__calloc((size_t)s->nparts + n + 1, sizeof(bool));
    if (!seen) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    for (uint32_t i = 0; ok && i < n; i++) {
        int32_t part;
        int64_t next, stop;
        uint16_t tl;
        ok = end - b >= (ptrdiff_t)(sizeof part + 2 * sizeof next + sizeof tl);
        if (!ok) break;
        memcpy(&part, b, sizeof part), b += sizeof part;
        memcpy(&next, b, sizeof next), b += sizeof next;
        memcpy(&stop, b, sizeof stop), b += sizeof stop;
        memcpy(&tl, b, sizeof tl), b += sizeof tl;
        ok = end - b >= tl;
        const char *topic = ok ? eddy__arena_printf(&s->a, "%.*s", (int)tl, (const char *)b) : NULL;
        b += ok ? tl : 0;
        if (ok && !topic) {
            eddy__free(seen);
            return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
        KPart *kp = ok ? find_part(s, topic, part) : NULL;
        if (ok && !kp) {
            if (!add_part(s, topic, part, next, stop)) {
                eddy__free(seen);
                return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            }
            kp = &s->parts[s->nparts - 1];
        }
        if (kp) {
            kp->start = kp->next = next;
            kp->stop = stop;
            seen[kp - s->parts] = true;
        }
    }
    if (!ok || b != end) {
        eddy__free(seen);
        return eddy__op_fail(op, EDDY_E_RUNTIME, "The position of source '%s' in the checkpoint is not valid.",
                             op->node->name);
    }
    s->live = 0;
    for (int i = 0; i < s->nparts; i++) {
        KPart *kp = &s->parts[i];
        if (!seen[i]) kp->start = kp->next = RD_KAFKA_OFFSET_BEGINNING;
        kp->done = kp->start >= 0 && kp->start >= kp->stop;
        s->live += !kp->done;
    }
    eddy__free(seen);
    return assign_parts(op, s);
}

const OpVtab eddy__op_kafka_source = {.name = "Source: KafkaSource",
                                      .open = ksource_open,
                                      .produce = ksource_produce,
                                      .position = ksource_position,
                                      .seek = ksource_seek,
                                      .snapshot = ksource_snapshot,
                                      .checkpoint_complete = ksource_checkpoint_complete,
                                      .close = ksource_close};

/* ---- the sink ------------------------------------------------------------------------ */

static eddy_status kafka_sink(const ConnectorCtx *cx, SinkSpec *out, EdErr *err) {
    const TableDef *t = cx->def;
    KafkaPlan *p = eddy__arena_alloc(cx->a, sizeof *p);
    if (!p) return NOMEM(err);
    memset(p, 0, sizeof *p);
    eddy_status rc = plan_common(cx, p, true, err);
    if (rc) return rc;
    if (p->upsert) {
        /* Flink's validateSinkBufferFlush: both set or neither; eddy writes
         * each change as it comes, so buffering is refused, not ignored */
        int64_t rows = 0, interval = 0;
        if ((rc = eddy__option_long(t, "sink.buffer-flush.max-rows", 0, &rows, err)) ||
            (rc = eddy__option_duration_ms(t, "sink.buffer-flush.interval", 0, &interval, err)))
            return rc;
        if ((rows > 0) != (interval > 0))
            return eddy__err(err, EDDY_E_VALIDATION,
                             "'sink.buffer-flush.max-rows' and 'sink.buffer-flush.interval' must be set to be greater "
                             "than zero together to enable sink buffer flushing.");
        if (rows > 0)
            return eddy__err(err, EDDY_E_UNSUPPORTED,
                             "not supported yet: sink buffer flushing of 'upsert-kafka' ('sink.buffer-flush.max-rows' "
                             "and 'sink.buffer-flush.interval' > 0); without them each change is written as it comes");
    }
    const char *part = p->upsert ? NULL : opt(t, "sink.partitioner");
    if (part && !strcmp(part, "round-robin") && opt(t, "key.fields"))
        return eddy__err(err, EDDY_E_VALIDATION, "Currently 'round-robin' partitioner only works when option "
                                                 "'key.fields' is not specified.");
    if (part && !*part)
        return eddy__err(err, EDDY_E_VALIDATION, "Option 'sink.partitioner' should be a non-empty string.");
    if (!part || !strcmp(part, "default")) p->partitioner = KP_DEFAULT;
    else if (!strcmp(part, "fixed")) p->partitioner = KP_FIXED;
    else if (!strcmp(part, "round-robin")) p->partitioner = KP_ROUND_ROBIN;
    else return eddy__err(err, EDDY_E_VALIDATION, "Could not find and instantiate partitioner class '%s'", part);
    const char *dg = opt(t, "sink.delivery-guarantee");
    if (dg && strcmp(dg, "at-least-once") && strcmp(dg, "exactly-once") && strcmp(dg, "none"))
        return bad_enum("sink.delivery-guarantee", dg, "[exactly-once, at-least-once, none]", err);
    if (dg && !strcmp(dg, "exactly-once")) {
        if (!opt(t, "sink.transactional-id-prefix"))
            return eddy__err(err, EDDY_E_VALIDATION,
                             "sink.transactional-id-prefix must be specified when using DeliveryGuarantee.EXACTLY_ONCE.");
        p->txn_prefix = opt(t, "sink.transactional-id-prefix");
    }
    p->flush_on_checkpoint = !dg || !strcmp(dg, "at-least-once");
    int64_t par = 0;
    if ((rc = eddy__option_long(t, "sink.parallelism", 0, &par, err))) return rc;
    /* the metadata it writes: after the physical columns */
    MetaKey *meta = eddy__arena_alloc(cx->a, sizeof(MetaKey) * (size_t)(cx->nmeta + 1));
    if (!meta) return NOMEM(err);
    for (int i = 0; i < cx->nmeta; i++) meta[i] = strcmp(cx->meta_keys[i], "headers") ? MK_TIMESTAMP : MK_HEADERS;
    p->nphys = cx->nphys;
    p->nmeta = cx->nmeta;
    p->meta = meta;
    out->vt = p->txn_prefix ? &eddy__op_kafka_txn_sink : &eddy__op_kafka_sink;
    out->plan = p;
    out->parallelism = (int)par;
    out->accepts = p->upsert ? CL_INSERT | CL_UPDATE_AFTER | CL_DELETE : p->changelog ? p->value.fp.vt->changelog : CL_INSERT;
    out->name = p->upsert ? "UpsertKafka" : "Kafka";
    return EDDY_OK;
}


/* The value format's readable metadata, as a table names it: each key
 * prefixed 'value.' (Flink's KafkaDynamicSource). The prefixed lists are
 * made once per format and kept for the process. */
static pthread_mutex_t vmeta_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    const FormatVt *fv;
    const char **keys;
} vmeta_lists[32];

static void kafka_format_metadata(const TableDef *t, const char *const **keys, const char *const **types) {
    *keys = *types = NULL;
    const char *name = value_format_name(t);
    const FormatVt *fv = name ? eddy__format_lookup(name) : NULL;
    if (!fv || !fv->metadata) return;
    pthread_mutex_lock(&vmeta_lock);
    size_t i = 0;
    while (i < ED_ARRAY_LEN(vmeta_lists) && vmeta_lists[i].fv && vmeta_lists[i].fv != fv) i++;
    if (i < ED_ARRAY_LEN(vmeta_lists) && !vmeta_lists[i].fv) {
        size_t n = 0;
        while (fv->metadata[n]) n++;
        const char **l = calloc(n + 1, sizeof(char *));
        for (size_t k = 0; l && k < n; k++) {
            char *s = malloc(strlen(fv->metadata[k]) + 7);
            if (!s) break;
            memcpy(s, "value.", 6);
            strcpy(s + 6, fv->metadata[k]);
            l[k] = s;
        }
        if (l && (!n || l[n - 1])) {
            vmeta_lists[i].fv = fv;
            vmeta_lists[i].keys = l;
        } else if (l) { /* out of memory: no list this time */
            for (size_t k = 0; k < n; k++) free((char *)l[k]);
            free(l);
        }
    }
    if (i < ED_ARRAY_LEN(vmeta_lists) && vmeta_lists[i].fv == fv) {
        *keys = vmeta_lists[i].keys;
        *types = fv->metadata_types;
    }
    pthread_mutex_unlock(&vmeta_lock);
}

const Connector eddy__connector_kafka = {
    .name = "kafka",
    .optional = kafka_optional,
    .metadata = kafka_metadata,
    .metadata_types = kafka_metadata_types,
    .write_metadata = kafka_write_metadata,
    .write_metadata_types = kafka_write_metadata_types,
    .write_metadata_roots = kafka_write_roots,
    .source = kafka_source,
    .sink = kafka_sink,
    .validate = kafka_validate,
    .format_metadata = kafka_format_metadata,
};

const Connector eddy__connector_upsert_kafka = {
    .name = "upsert-kafka",
    .optional = upsert_optional,
    .metadata = kafka_metadata,
    .metadata_types = kafka_metadata_types,
    .write_metadata = kafka_write_metadata,
    .write_metadata_types = kafka_write_metadata_types,
    .write_metadata_roots = kafka_write_roots,
    .source = kafka_source,
    .sink = kafka_sink,
    .validate = kafka_validate,
};
