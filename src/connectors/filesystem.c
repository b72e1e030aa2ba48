/*
 * filesystem.c -- 'connector' = 'filesystem': tables stored as files of a
 * format (csv, json, raw; src/formats/) under a path, with Flink's options,
 * partition layout and commit protocol.
 *
 * Reading (a bounded source in both runtime modes). 'path' is a file or a
 * directory; a directory is read recursively, skipping every file and
 * directory whose name starts with '.' or '_' (in-progress and staging
 * files, commit records, _SUCCESS markers), as Flink does; a directory cycle
 * through a symbolic link, a dangling link, a FIFO, socket or device in it
 * is an error. Before it lists, a commit a crash left half done is
 * completed (fs_commit.h). A partitioned table reads the
 * files below its partition directories "k1=v1/k2=v2/" (exactly one level
 * per partition key) and takes the partition columns from those names,
 * %XX-unescaped and parsed for the column's type; the value
 * 'partition.default-name' (__DEFAULT_PARTITION__) is NULL. Files go to the
 * subtasks round-robin in path order; a batch never spans two files. The
 * metadata columns file.path, file.name, file.size and
 * file.modification-time describe the file a row came from.
 *
 * Malformed input: the format decides (formats.h); a record the format
 * rejects fails the job with "<file>:<line>: <reason>", or, with the
 * format's ignore-parse-errors, is counted per file and reported to the job
 * (eddy__op_report_malformed) -- visible through eddy_*_malformed_records.
 *
 * Writing. Rows go to files named part-<uuid>-<subtask>-<n> in the
 * table's directory or, for a partitioned table, in its partition
 * directory (values rendered as Flink renders them, escaped, NULL or empty
 * as the default partition name); partition columns are not written into
 * the files. Files are written in a hidden staging directory
 * <path>/.staging_<uuid>/ and moved into place, all subtasks' at once, only
 * when the whole job has finished successfully (OpVtab.commit, with the
 * crash-safe protocol of fs_commit.h); a failed job leaves nothing visible,
 * nor does a cancelled bounded one, while a cancelled unbounded streaming
 * INSERT commits its files as a final checkpoint would (finishing the ones
 * in progress). INSERT INTO adds files; INSERT OVERWRITE (batch only)
 * replaces the other visible files of every partition written, or of the
 * whole table when it is not partitioned. In streaming mode a file rolls
 * over when it passes 'sink.rolling-policy.file-size' or is older than
 * 'sink.rolling-policy.rollover-interval' when a batch arrives. With
 * 'sink.partition-commit.policy.kind' containing success-file, each
 * directory written gets an empty _SUCCESS file.
 *
 * Streaming with checkpoints: two-phase commit instead of the staging
 * directory. Files are written in place as hidden
 * .part-<uuid>-<subtask>-<n>.inprogress.<run uuid>, closed at each barrier
 * (pending for that checkpoint, listed in the operator state), renamed to
 * part-<uuid>-<subtask>-<n> when the checkpoint completes; a restore
 * publishes the checkpoint's pending files and removes the later ones
 * (src/connectors/README.md).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <regex.h>
#include <stdlib.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "connectors/connector.h"
#include "connectors/fs_commit.h"
#include "formats/formats.h"
#include "types/format.h"

#define READ_CHUNK (1u << 20)    /* bytes read at a time */
#define MAX_RECORD (1u << 30)    /* a record larger than this is an error */
#define WRITE_CHUNK (64u << 10)  /* bytes buffered per open file before write(2) */

static const char *const fs_required[] = {"path", "format", NULL};
static const char *const fs_optional[] = {"partition.default-name",
                                          "source.monitor-interval",
                                          "source.report-statistics",
                                          "source.path.regex-pattern",
                                          "sink.rolling-policy.file-size",
                                          "sink.rolling-policy.rollover-interval",
                                          "sink.rolling-policy.inactivity-interval",
                                          "sink.rolling-policy.check-interval",
                                          "sink.shuffle-by-partition.enable",
                                          "partition.time-extractor.kind",
                                          "partition.time-extractor.class",
                                          "partition.time-extractor.timestamp-formatter",
                                          "partition.time-extractor.timestamp-pattern",
                                          "sink.partition-commit.trigger",
                                          "sink.partition-commit.delay",
                                          "sink.partition-commit.watermark-time-zone",
                                          "sink.partition-commit.policy.kind",
                                          "sink.partition-commit.policy.class",
                                          "sink.partition-commit.policy.class.parameters",
                                          "sink.partition-commit.success-file.name",
                                          "auto-compaction",
                                          "compaction.file-size",
                                          "sink.parallelism",
                                          NULL};

static const char *const fs_metadata[] = {"file.path", "file.name", "file.size", "file.modification-time", NULL};
static const char *const fs_metadata_types[] = {"STRING NOT NULL", "STRING NOT NULL", "BIGINT NOT NULL",
                                                "TIMESTAMP_LTZ(3) NOT NULL", NULL};

#define NOMEM(err) eddy__err((err), EDDY_E_NOMEM, "out of memory")

/* ---- options ------------------------------------------------------------------------ */

/* The connector's own options plus the chosen format's ("csv.<key>"); the
 * options of an unknown format are left for the format error that follows,
 * as Flink leaves "<format>." options to the format. */
static eddy_status fs_validate(const Connector *c, const TableDef *t, EdErr *err) {
    const char *fmt = eddy__table_option(t, "format");
    const FormatVt *fv = eddy__format_lookup(fmt);
    ED_VEC(const char *) opt = {0};
    ED_VEC(TableOption) kept = {0};
    Arena a;
    eddy__arena_init(&a, 1024);
    bool ok = true;
    for (int i = 0; fs_optional[i]; i++) ok = ok && ed_vec_push(&opt, fs_optional[i]);
    for (int i = 0; fv && fv->options[i]; i++) ok = ok && ed_vec_push(&opt, eddy__arena_printf(&a, "%s.%s", fmt, fv->options[i]));
    ok = ok && ed_vec_push(&opt, (const char *)NULL);
    size_t fl = fmt ? strlen(fmt) : 0;
    for (int i = 0; i < t->nopts; i++)
        if (fv || !fmt || strncmp(t->opts[i].key, fmt, fl) || t->opts[i].key[fl] != '.')
            ok = ok && ed_vec_push(&kept, t->opts[i]);
    eddy_status rc;
    if (!ok || a.failed) {
        rc = NOMEM(err);
    } else {
        TableDef d = *t;
        d.opts = kept.items;
        d.nopts = (int)kept.len;
        rc = eddy__connector_check_options(c, &d, fs_required, opt.items, err);
    }
    if (!rc && !fv)
        rc = eddy__err(err, EDDY_E_VALIDATION, "Could not find any format factory for identifier '%s' in the classpath.",
                       fmt);
    ed_vec_free(&opt);
    ed_vec_free(&kept);
    eddy__arena_destroy(&a);
    return rc;
}

static eddy_status bad_value(const char *key, const char *v, EdErr *err) {
    return eddy__err(err, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", v, key);
}

/* A number followed by a unit from `units` (name, multiplier pairs); no
 * unit means `def_mult`. */
typedef struct Unit {
    const char *name;
    double mult;
} Unit;

static eddy_status option_with_unit(const TableDef *t, const char *key, int64_t def, const Unit *units,
                                    double def_mult, int64_t *out, EdErr *err) {
    const char *v = eddy__table_option(t, key);
    *out = def;
    if (!v) return EDDY_OK;
    const char *p = v;
    while (*p == ' ') p++;
    char *end;
    errno = 0;
    double x = strtod(p, &end);
    if (end == p || errno || x < 0 || isnan(x)) return bad_value(key, v, err);
    while (*end == ' ') end++;
    double mult = def_mult;
    if (*end) {
        mult = -1;
        size_t n = strlen(end);
        while (n && end[n - 1] == ' ') n--;
        for (int i = 0; units[i].name && mult < 0; i++)
            if (eddy__strn_ieq(end, n, units[i].name)) mult = units[i].mult;
        if (mult < 0) return bad_value(key, v, err);
    }
    *out = (int64_t)(x * mult);
    return EDDY_OK;
}

/* Flink's Duration syntax ("30 min", "1 h", "500 ms", a bare number: ms). */
eddy_status eddy__option_duration_ms(const TableDef *t, const char *key, int64_t def, int64_t *out, EdErr *err) {
    static const Unit units[] = {{"ns", 1e-6},      {"nano", 1e-6},     {"nanos", 1e-6},    {"nanosecond", 1e-6},
                                 {"nanoseconds", 1e-6}, {"us", 1e-3},   {"micro", 1e-3},    {"micros", 1e-3},
                                 {"microsecond", 1e-3}, {"microseconds", 1e-3}, {"ms", 1},  {"milli", 1},
                                 {"millis", 1},     {"millisecond", 1}, {"milliseconds", 1}, {"s", 1e3},
                                 {"sec", 1e3},      {"secs", 1e3},      {"second", 1e3},    {"seconds", 1e3},
                                 {"min", 6e4},      {"m", 6e4},         {"minute", 6e4},    {"minutes", 6e4},
                                 {"h", 3.6e6},      {"hour", 3.6e6},    {"hours", 3.6e6},   {"d", 8.64e7},
                                 {"day", 8.64e7},   {"days", 8.64e7},   {NULL, 0}};
    return option_with_unit(t, key, def, units, 1, out, err);
}

/* Flink's MemorySize syntax ("128mb", "1 kb", a bare number: bytes). */
static eddy_status option_bytes(const TableDef *t, const char *key, int64_t def, int64_t *out, EdErr *err) {
    static const Unit units[] = {{"b", 1},          {"bytes", 1},       {"k", 1024.0},          {"kb", 1024.0},
                                 {"kibibytes", 1024.0}, {"m", 1048576.0}, {"mb", 1048576.0},    {"mebibytes", 1048576.0},
                                 {"g", 1073741824.0}, {"gb", 1073741824.0}, {"gibibytes", 1073741824.0},
                                 {"t", 1099511627776.0}, {"tb", 1099511627776.0}, {"tebibytes", 1099511627776.0},
                                 {NULL, 0}};
    return option_with_unit(t, key, def, units, 1, out, err);
}

/* The local path of 'path': file:// URIs are accepted, other schemes are
 * not supported. */
static eddy_status local_path(Arena *a, const char *path, const char **out, EdErr *err) {
    const char *p = path;
    if (!strncmp(p, "file://", 7)) p += 7;
    else if (!strncmp(p, "file:", 5)) p += 5;
    const char *colon = strstr(p, "://");
    if (colon)
        return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: the file system of '%s' (only local paths)",
                         path);
    if (!*p) return eddy__err(err, EDDY_E_VALIDATION, "Could not parse value '%s' for key 'path'.", path);
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/') n--;
    *out = eddy__arena_strndup(a, p, n);
    return *out ? EDDY_OK : NOMEM(err);
}

/* ---- the layout shared by source and sink ------------------------------------------- */

typedef struct FsLayout {
    const char *root;
    FormatPlan fmt;
    int nfile;
    const int *file_cols; /* physical index of each file column */
    int npart;
    const int *part_cols; /* physical index of each partition key, PARTITIONED BY order */
    const char *const *part_names;
    const Type *const *part_types;
    const char *default_part;
} FsLayout;

static eddy_status plan_layout(const ConnectorCtx *cx, bool sink, int nfmeta, const char *const *fmeta_keys,
                               const Type *const *fmeta_types, FsLayout *l, EdErr *err) {
    const TableDef *d = cx->def;
    eddy_status rc = local_path(cx->a, eddy__table_option(d, "path"), &l->root, err);
    if (rc) return rc;
    const char *dp = eddy__table_option(d, "partition.default-name");
    l->default_part = dp ? dp : "__DEFAULT_PARTITION__";
    l->npart = d->npart;
    int *pc = eddy__arena_alloc(cx->a, sizeof(int) * (size_t)(d->npart + 1));
    const Type **pt = eddy__arena_alloc(cx->a, sizeof(Type *) * (size_t)(d->npart + 1));
    int *fc = eddy__arena_alloc(cx->a, sizeof(int) * (size_t)(cx->nphys + 1));
    const char **fnames = eddy__arena_alloc(cx->a, sizeof(char *) * (size_t)(cx->nphys + 1));
    const Type **ftypes = eddy__arena_alloc(cx->a, sizeof(Type *) * (size_t)(cx->nphys + 1));
    if (!pc || !pt || !fc || !fnames || !ftypes) return NOMEM(err);
    for (int k = 0; k < d->npart; k++) {
        pc[k] = -1;
        for (int i = 0; i < cx->nphys; i++)
            if (!strcmp(cx->phys_names[i], d->partition_keys[k])) pc[k] = i;
        if (pc[k] < 0)
            return eddy__err(err, EDDY_E_VALIDATION, "Partition column '%s' not defined in the table schema.",
                             d->partition_keys[k]);
        pt[k] = cx->phys_types[pc[k]];
    }
    int nf = 0;
    for (int i = 0; i < cx->nphys; i++) {
        bool part = false;
        for (int k = 0; k < d->npart; k++) part = part || pc[k] == i;
        if (part) continue;
        fc[nf] = i;
        fnames[nf] = cx->phys_names[i];
        ftypes[nf++] = cx->phys_types[i];
    }
    l->nfile = nf;
    l->file_cols = fc;
    l->part_cols = pc;
    l->part_names = d->partition_keys;
    l->part_types = pt;
    FormatCtx fctx = {cx->a, d, nf, fnames, ftypes, sink, nfmeta, fmeta_keys, fmeta_types, cx->tz};
    return eddy__format_plan(&fctx, eddy__table_option(d, "format"), &l->fmt, err);
}

/* ---- partition values ---------------------------------------------------------------- */

/* Appends the text Flink makes of a partition value (the internal value's
 * toString; DATE and TIME as ISO text rather than Flink's day and
 * millisecond counts, so that they read back). */
static void partition_text(Buf *b, const Type *t, const Vector *v, uint32_t r) {
    switch ((TypeRoot)t->root) {
    case TY_CHAR:
    case TY_VARCHAR: {
        Str s = vec_str(v, r);
        eddy__buf_put(b, s.p, s.n);
        return;
    }
    case TY_DECIMAL: eddy__fmt_decimal(b, VEC_DATA(v, ed_i128)[vidx(v, r)], t->scale, true); return;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        Ts ts = VEC_DATA(v, Ts)[vidx(v, r)];
        eddy__fmt_timestamp_java(b, ts.ms, ts.ns);
        return;
    }
    default: eddy__fmt_value_java(b, v, r); return;
    }
}

/* Parses the partition value text s for column type t into slot 0 of v
 * (the types Flink's PartitionPathUtils converts, plus DECIMAL, TIME and
 * TIMESTAMP_LTZ). */
static bool parse_partition_value(const Type *t, Vector *v, const char *s, size_t n, Buf *why, Arena *a) {
    int64_t x;
    switch ((TypeRoot)t->root) {
    case TY_CHAR:
    case TY_VARCHAR: eddy__vec_set_str(v, 0, s, n); break;
    case TY_BOOLEAN: VEC_DATA(v, uint8_t)[0] = eddy__strn_ieq(s, n, "true"); break;
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT: {
        int bits = t->root == TY_TINYINT ? 8 : t->root == TY_SMALLINT ? 16 : t->root == TY_INT ? 32 : 64;
        if (!eddy__java_parse_int(s, n, bits, &x, why)) return false;
        if (bits == 8) VEC_DATA(v, int8_t)[0] = (int8_t)x;
        else if (bits == 16) VEC_DATA(v, int16_t)[0] = (int16_t)x;
        else if (bits == 32) VEC_DATA(v, int32_t)[0] = (int32_t)x;
        else VEC_DATA(v, int64_t)[0] = x;
        break;
    }
    case TY_FLOAT: return eddy__java_parse_float(s, n, &VEC_DATA(v, float)[0], why);
    case TY_DOUBLE: return eddy__java_parse_double(s, n, &VEC_DATA(v, double)[0], why);
    case TY_DECIMAL: {
        bool overflow;
        if (!eddy__java_parse_decimal(s, n, t->precision, t->scale, &VEC_DATA(v, ed_i128)[0], &overflow, why))
            return false;
        if (overflow) eddy__vec_set_null(v, 0);
        break;
    }
    case TY_DATE: return eddy__iso_parse_date(s, n, &VEC_DATA(v, int32_t)[0], why);
    case TY_TIME: {
        int64_t nod;
        if (!eddy__parse_time_text(s, n, false, &nod, why)) return false;
        VEC_DATA(v, int32_t)[0] = (int32_t)(nod / 1000000);
        break;
    }
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        Ts *o = &VEC_DATA(v, Ts)[0];
        return eddy__parse_ts_text(s, n, TS_ISO, &o->ms, &o->ns, why);
    }
    default:
        eddy__buf_printf(why, "Can not convert %.*s to type %s for partition value", (int)n, s, eddy__type_str(a, t));
        return false;
    }
    return true;
}

/* ---- the source: planning ------------------------------------------------------------ */

typedef enum MetaKind { META_PATH, META_NAME, META_SIZE, META_MTIME, META_FORMAT } MetaKind;

typedef struct FsSourcePlan {
    FsLayout l;
    int nphys, nmeta;
    const MetaKind *meta;
    int nfmeta;             /* the format's metadata columns (decoded after the file columns) */
    const int *fmeta_cols;  /* their batch columns */
    const regex_t *regex; /* source.path.regex-pattern, or NULL */
} FsSourcePlan;

static void free_regex(void *r) { regfree(r); }

extern const OpVtab eddy__op_fs_source;

static eddy_status fs_source(const ConnectorCtx *cx, SourceSpec *out, EdErr *err) {
    const TableDef *d = cx->def;
    if (eddy__table_option(d, "source.monitor-interval"))
        return eddy__err(err, EDDY_E_UNSUPPORTED,
                         "not supported yet: monitoring a path for new files ('source.monitor-interval'); without "
                         "it the path is read once");
    const char *stats = eddy__table_option(d, "source.report-statistics");
    if (stats && !eddy__str_ieq(stats, "NONE") && !eddy__str_ieq(stats, "ALL"))
        return bad_value("source.report-statistics", stats, err);
    FsSourcePlan *p = eddy__arena_alloc(cx->a, sizeof *p);
    MetaKind *meta = eddy__arena_alloc(cx->a, sizeof(MetaKind) * (size_t)(cx->nmeta + 1));
    const char **fkeys = eddy__arena_alloc(cx->a, sizeof(char *) * (size_t)(cx->nmeta + 1));
    const Type **ftypes = eddy__arena_alloc(cx->a, sizeof(Type *) * (size_t)(cx->nmeta + 1));
    int *fcols = eddy__arena_alloc(cx->a, sizeof(int) * (size_t)(cx->nmeta + 1));
    if (!p || !meta || !fkeys || !ftypes || !fcols) return NOMEM(err);
    /* the format's metadata keys go first, as Flink lists them */
    const FormatVt *fv = eddy__format_lookup(eddy__table_option(d, "format"));
    int nfmeta = 0;
    for (int i = 0; i < cx->nmeta; i++) {
        meta[i] = META_FORMAT;
        if (eddy__format_metadata_type(fv, cx->meta_keys[i])) {
            fcols[nfmeta] = cx->nphys + i;
            ftypes[nfmeta] = cx->meta_types[i];
            fkeys[nfmeta++] = cx->meta_keys[i];
            continue;
        }
        for (int k = 0; fs_metadata[k]; k++)
            if (!strcmp(cx->meta_keys[i], fs_metadata[k])) meta[i] = (MetaKind)k;
    }
    p->nfmeta = nfmeta;
    p->fmeta_cols = fcols;
    eddy_status rc = plan_layout(cx, false, nfmeta, fkeys, ftypes, &p->l, err);
    if (rc) return rc;
    p->nphys = cx->nphys;
    p->nmeta = cx->nmeta;
    p->meta = meta;
    const char *re = eddy__table_option(d, "source.path.regex-pattern");
    if (re) {
        regex_t *r = eddy__arena_alloc(cx->a, sizeof *r);
        if (!r) return NOMEM(err);
        /* the pattern must match the whole path, as Java's Matcher.matches */
        char *anchored = eddy__arena_printf(cx->a, "^(%s)$", re);
        if (!anchored) return NOMEM(err);
        int e = regcomp(r, anchored, REG_EXTENDED | REG_NOSUB);
        if (e) {
            char msg[128];
            regerror(e, r, msg, sizeof msg);
            return eddy__err(err, EDDY_E_VALIDATION, "Invalid 'source.path.regex-pattern' '%s': %s", re, msg);
        }
        if (!eddy__arena_on_cleanup(cx->a, free_regex, r)) {
            regfree(r);
            return NOMEM(err);
        }
        p->regex = r;
    }
    out->vt = &eddy__op_fs_source;
    out->plan = p;
    out->bounded = true;
    /* a changelog format makes an updating source */
    out->changelog = p->l.fmt.vt->changelog ? p->l.fmt.vt->changelog : CL_INSERT;
    out->name = "Source: FileSystemTableSource";
    return EDDY_OK;
}

/* ---- the source: running --------------------------------------------------------------- */

typedef struct FsFile {
    const char *path;
    const char *part_dir; /* the partition directories, "k=v/.../", or "" */
    int64_t size, mtime_ms;
} FsFile;

typedef struct FsSource {
    Arena a; /* file list */
    ED_VEC(FsFile) files;
    size_t next;
    /* the file being read */
    int fd;
    const FsFile *cur;
    char *buf;
    size_t cap, len, pos;
    bool eof;
    int64_t line;   /* line of the next record */
    uint64_t skipped, nulled;
    int64_t first_line;
    Buf first_reason;
    Vector **part_vals; /* one-slot values of the file's partition columns */
    Vector **file_vecs; /* the batch's file columns */
    Batch *batch;
    uint32_t rows;
    FormatRun run;
} FsSource;

static bool hidden(const char *name) { return name[0] == '.' || name[0] == '_'; }

static int cmp_files(const void *x, const void *y) {
    return strcmp(((const FsFile *)x)->path, ((const FsFile *)y)->path);
}

/* A directory on the way from the table's root to the one being listed. */
typedef struct DirChain {
    dev_t dev;
    ino_t ino;
    const char *path;
    const struct DirChain *up;
} DirChain;

/* What a file that is neither regular nor a directory is. */
static const char *file_kind(mode_t m) {
    return S_ISFIFO(m) ? "a FIFO" : S_ISSOCK(m) ? "a socket" : S_ISCHR(m) ? "a character device"
                                  : S_ISBLK(m) ? "a block device" : "not a regular file";
}

/* The error for an entry of the table that cannot be read as a file:
 * "<path>: <why>" in the words of the table's root. */
static eddy_status bad_entry(Op *op, const char *root, const char *path, const char *why) {
    return eddy__op_fail(op, EDDY_E_IO, "Could not read the table directory %s: %s %s", root, path, why);
}

/* Lists the visible files below dir (recursively) into s->files; depth
 * counts the partition levels still to descend (files above them are not
 * part of a partitioned table); chain holds dir and the directories above
 * it (a directory met again is a cycle through a symbolic link, an error).
 * A dangling symbolic link and a file that is not regular (FIFO, socket,
 * device) are errors too: the table cannot be read whole. */
static eddy_status list_dir(Op *op, FsSource *s, const FsSourcePlan *p, const char *dir, const char *part_dir,
                            int depth, const DirChain *chain) {
    DIR *dh = opendir(dir);
    if (!dh) return eddy__op_fail(op, EDDY_E_IO, "Could not list the directory %s: %s", dir, strerror(errno));
    eddy_status rc = EDDY_OK;
    struct dirent *e;
    while (!rc && (e = readdir(dh))) {
        if (hidden(e->d_name)) continue;
        char *path = eddy__arena_printf(&s->a, "%s/%s", dir, e->d_name);
        struct stat st, lst;
        if (!path) {
            rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            break;
        }
        if (stat(path, &st) != 0) {
            int err = errno;
            if (lstat(path, &lst) != 0) {
                if (errno == ENOENT) continue; /* removed while listing */
                rc = eddy__op_fail(op, EDDY_E_IO, "Could not read %s: %s", path, strerror(errno));
            } else if (S_ISLNK(lst.st_mode) && err == ENOENT) {
                char target[1024];
                ssize_t n = readlink(path, target, sizeof target - 1);
                target[n > 0 ? n : 0] = 0;
                char *why = eddy__arena_printf(&s->a, "is a symbolic link to '%s', which does not exist", target);
                rc = why ? bad_entry(op, p->l.root, path, why) : eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            } else {
                rc = eddy__op_fail(op, EDDY_E_IO, "Could not read %s: %s", path, strerror(err));
            }
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            const DirChain *c = chain;
            while (c && (c->dev != st.st_dev || c->ino != st.st_ino)) c = c->up;
            if (c) {
                char *why = eddy__arena_printf(&s->a, "is the directory %s again (a cycle through a symbolic link)",
                                               c->path);
                rc = why ? bad_entry(op, p->l.root, path, why) : eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
                continue;
            }
            DirChain here = {st.st_dev, st.st_ino, path, chain};
            const char *pd = depth > 0 ? eddy__arena_printf(&s->a, "%s%s/", part_dir, e->d_name) : part_dir;
            if (!pd) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            else rc = list_dir(op, s, p, path, pd, depth > 0 ? depth - 1 : 0, &here);
            continue;
        }
        if (depth > 0) continue;
        if (p->regex && regexec(p->regex, path, 0, NULL, 0) != 0) continue;
        if (!S_ISREG(st.st_mode)) {
            const char *why = eddy__arena_printf(&s->a, "is %s, not a regular file", file_kind(st.st_mode));
            rc = why ? bad_entry(op, p->l.root, path, why) : eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            continue;
        }
        FsFile f = {path, part_dir, (int64_t)st.st_size, (int64_t)st.st_mtim.tv_sec * 1000 + st.st_mtim.tv_nsec / 1000000};
        if (!ed_vec_push(&s->files, f)) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    closedir(dh);
    return rc;
}

static eddy_status fs_source_open(Op *op) {
    const FsSourcePlan *p = op->plan;
    FsSource *s = eddy__calloc(1, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    s->fd = -1;
    eddy__arena_init(&s->a, 4096);
    eddy__buf_init(&s->first_reason);
    eddy__format_run_init(&s->run);
    int nfile = p->l.nfile, npart = p->l.npart;
    s->part_vals = eddy__arena_alloc(&s->a, sizeof(Vector *) * (size_t)(npart + 1));
    s->file_vecs = eddy__arena_alloc(&s->a, sizeof(Vector *) * (size_t)(nfile + p->nfmeta + 1));
    s->buf = eddy__malloc(READ_CHUNK);
    if (!s->part_vals || !s->file_vecs || !s->buf) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    s->cap = READ_CHUNK;
    for (int k = 0; k < npart; k++)
        if (!(s->part_vals[k] = eddy__vec_new(p->l.part_types[k], 1)))
            return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    struct stat st;
    const char *root = p->l.root;
    if (stat(root, &st) != 0) {
        /* a partitioned table without data has no directory yet */
        if (errno == ENOENT && npart) return EDDY_OK;
        return eddy__op_fail(op, EDDY_E_IO,
                             "File %s does not exist or the user running eddy has insufficient permissions to access "
                             "it.",
                             root);
    }
    eddy_status rc;
    if (S_ISDIR(st.st_mode)) {
        /* a commit a crash left half done is finished first; no commit
         * runs while the directory is listed */
        int lock;
        rc = eddy__fs_read_begin(root, &lock, eddy__op_err(op));
        DirChain top = {st.st_dev, st.st_ino, root, NULL};
        if (!rc) rc = list_dir(op, s, p, root, "", npart, &top);
        eddy__fs_unlock(lock);
    } else if (!S_ISREG(st.st_mode)) {
        return eddy__op_fail(op, EDDY_E_IO, "Could not read %s: it is %s, not a regular file or a directory", root,
                             file_kind(st.st_mode));
    } else {
        FsFile f = {root, "", (int64_t)st.st_size, (int64_t)st.st_mtim.tv_sec * 1000 + st.st_mtim.tv_nsec / 1000000};
        rc = npart || ed_vec_push(&s->files, f) ? EDDY_OK : eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    if (rc) return rc;
    if (s->files.len > 1) qsort(s->files.items, s->files.len, sizeof(FsFile), cmp_files);
    /* this subtask's share: every parallelism-th file */
    size_t k = 0;
    for (size_t i = (size_t)op->subtask; i < s->files.len; i += (size_t)op->parallelism) s->files.items[k++] = s->files.items[i];
    s->files.len = k;
    return EDDY_OK;
}

/* Fills the partition values of file f (from its directory names) into
 * s->part_vals. */
static eddy_status load_partition_values(Op *op, FsSource *s, const FsFile *f) {
    const FsSourcePlan *p = op->plan;
    Buf name, val, why;
    eddy__buf_init(&name);
    eddy__buf_init(&val);
    eddy__buf_init(&why);
    eddy_status rc = EDDY_OK;
    for (int k = 0; k < p->l.npart && !rc; k++) {
        Vector *v = s->part_vals[k];
        eddy__vec_set_null(v, 0);
        /* the last "key=value" component naming this key */
        const char *seg = f->part_dir;
        while (*seg) {
            const char *slash = strchr(seg, '/');
            size_t n = slash ? (size_t)(slash - seg) : strlen(seg);
            const char *eq = memchr(seg, '=', n);
            if (eq && eq > seg && eq + 1 < seg + n) {
                eddy__buf_truncate(&name, 0);
                eddy__partition_unescape(&name, seg, (size_t)(eq - seg));
                if (!strcmp(eddy__buf_cstr(&name), p->l.part_names[k])) {
                    eddy__buf_truncate(&val, 0);
                    eddy__partition_unescape(&val, eq + 1, (size_t)(seg + n - eq - 1));
                    const char *text = eddy__buf_cstr(&val);
                    if (strcmp(text, p->l.default_part) == 0) {
                        eddy__vec_set_null(v, 0);
                    } else {
                        vec_set_valid(v, 0);
                        eddy__buf_truncate(&why, 0);
                        if (!parse_partition_value(p->l.part_types[k], v, text, val.len, &why, &s->run.arena))
                            rc = eddy__op_fail(op, EDDY_E_RUNTIME, "%s/%.*s: %s", p->l.root, (int)(seg + n - f->part_dir),
                                               f->part_dir, eddy__buf_cstr(&why));
                    }
                }
            }
            seg += n + (slash ? 1 : 0);
        }
    }
    eddy__buf_free(&name);
    eddy__buf_free(&val);
    eddy__buf_free(&why);
    return rc;
}

static eddy_status open_next_file(Op *op, FsSource *s) {
    const FsFile *f = &s->files.items[s->next++];
    s->fd = open(f->path, O_RDONLY | O_CLOEXEC);
    if (s->fd < 0) return eddy__op_fail(op, EDDY_E_IO, "Could not open %s: %s", f->path, strerror(errno));
    s->cur = f;
    s->len = s->pos = 0;
    s->eof = false;
    s->line = 1;
    s->skipped = s->nulled = 0;
    s->first_line = 0;
    eddy__buf_truncate(&s->first_reason, 0);
    s->run.file_start = true; /* csv skips a byte order mark there */
    return load_partition_values(op, s, f);
}

/* Ends the file being read: its malformed-record tally goes to the job. */
static eddy_status close_file(Op *op, FsSource *s) {
    eddy_status rc = eddy__op_report_malformed(op, s->cur->path, s->skipped, s->nulled, s->first_line,
                                               eddy__buf_cstr(&s->first_reason));
    close(s->fd);
    s->fd = -1;
    s->cur = NULL;
    return rc;
}

/* Reads more of the file, keeping the bytes from pos on. */
static eddy_status refill(Op *op, FsSource *s) {
    if (s->pos) {
        memmove(s->buf, s->buf + s->pos, s->len - s->pos);
        s->len -= s->pos;
        s->pos = 0;
    }
    if (s->len == s->cap) {
        if (s->cap >= MAX_RECORD)
            return eddy__op_fail(op, EDDY_E_RUNTIME, "%s:%lld: a record longer than %u bytes", s->cur->path,
                                 (long long)s->line, MAX_RECORD);
        char *nb = eddy__realloc(s->buf, s->cap * 2);
        if (!nb) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        s->buf = nb;
        s->cap *= 2;
    }
    ssize_t r;
    do r = read(s->fd, s->buf + s->len, s->cap - s->len);
    while (r < 0 && errno == EINTR);
    if (r < 0) return eddy__op_fail(op, EDDY_E_IO, "Could not read %s: %s", s->cur->path, strerror(errno));
    if (r == 0) s->eof = true;
    s->len += (size_t)r;
    return EDDY_OK;
}

/* Completes the batch: partition and metadata columns for its rows (all
 * from the current file), then emits it. */
static eddy_status emit_batch(Op *op, FsSource *s) {
    const FsSourcePlan *p = op->plan;
    Batch *b = s->batch;
    s->batch = NULL;
    if (!b) return EDDY_OK;
    uint32_t n = s->rows;
    s->rows = 0;
    for (int k = 0; k < p->l.npart; k++) {
        Vector *dst = b->cols[p->l.part_cols[k]];
        for (uint32_t r = 0; r < n; r++) eddy__vec_copy_value(dst, r, s->part_vals[k], 0);
    }
    const FsFile *f = s->cur;
    for (int m = 0; m < p->nmeta; m++) {
        Vector *dst = b->cols[p->nphys + m];
        const char *name = strrchr(f->path, '/');
        name = name ? name + 1 : f->path;
        for (uint32_t r = 0; p->meta[m] != META_FORMAT && r < n; r++) {
            switch (p->meta[m]) {
            case META_PATH: eddy__vec_set_str(dst, r, f->path, strlen(f->path)); break;
            case META_NAME: eddy__vec_set_str(dst, r, name, strlen(name)); break;
            case META_SIZE: VEC_DATA(dst, int64_t)[r] = f->size; break;
            case META_MTIME: VEC_DATA(dst, Ts)[r] = (Ts){f->mtime_ms, 0}; break;
            case META_FORMAT: break;
            }
        }
    }
    eddy_status rc = EDDY_OK;
    for (int c = 0; c < b->ncols; c++)
        if (b->cols[c]->failed) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    b->n = b->count = n;
    if (!rc && n) rc = eddy__op_emit(op, b);
    eddy__batch_release(b);
    return rc;
}

static eddy_status fs_source_produce(Op *op) {
    const FsSourcePlan *p = op->plan;
    FsSource *s = op->state;
    const FormatPlan *fp = &p->l.fmt;
    for (;;) {
        if (!s->cur) {
            if (s->next == s->files.len) return EDDY_DONE;
            eddy_status rc = open_next_file(op, s);
            if (rc) return rc;
        }
        if (!s->batch) {
            s->batch = eddy__batch_new_typed(op->node->ncols, op->node->col_types, op->batch_size);
            if (!s->batch) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            for (int i = 0; i < p->l.nfile; i++) s->file_vecs[i] = s->batch->cols[p->l.file_cols[i]];
            for (int i = 0; i < p->nfmeta; i++) s->file_vecs[p->l.nfile + i] = s->batch->cols[p->fmeta_cols[i]];
            if (fp->vt->changelog && !eddy__batch_ensure_kinds(s->batch, op->batch_size))
                return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
        while (s->rows < op->batch_size) {
            if (s->pos == s->len) {
                if (s->eof) break;
                eddy_status rc = refill(op, s);
                if (rc) return rc;
                continue;
            }
            size_t used = 0;
            uint32_t lines = 0;
            DecodeStatus st = fp->vt->decode(fp, &s->run, s->buf + s->pos, s->len - s->pos, s->eof, &used, &lines,
                                             s->file_vecs, s->rows);
            if (st == DEC_MORE) {
                if (s->eof) return eddy__op_fail(op, EDDY_E_INTERNAL, "%s: the format wants bytes past the end", s->cur->path);
                eddy_status rc = refill(op, s);
                if (rc) return rc;
                continue;
            }
            if (st == DEC_NOMEM) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            bool bad = st == DEC_BAD || (st == DEC_ROW && s->run.nulled);
            if (st == DEC_BAD && !fp->ignore_errors)
                return eddy__op_fail(op, EDDY_E_RUNTIME, "%s:%lld: %s", s->cur->path, (long long)s->line,
                                     eddy__buf_cstr(&s->run.reason));
            if (bad) {
                if (!s->skipped && !s->nulled) {
                    s->first_line = s->line;
                    eddy__buf_puts(&s->first_reason, eddy__buf_cstr(&s->run.reason));
                }
                if (st == DEC_BAD) s->skipped++;
                else s->nulled++;
            }
            if (st == DEC_ROW && s->batch->kinds) VEC_DATA(s->batch->kinds, uint8_t)[s->rows] = s->run.kind;
            if (st == DEC_ROW) s->rows++;
            s->pos += used;
            s->line += lines;
        }
        bool file_done = s->pos == s->len && s->eof;
        if (s->rows == op->batch_size || file_done) {
            eddy_status rc = emit_batch(op, s);
            if (!rc && file_done) rc = close_file(op, s);
            return rc;
        }
    }
}

static void fs_source_close(Op *op) {
    FsSource *s = op->state;
    if (!s) return;
    if (s->fd >= 0) close(s->fd);
    eddy__batch_release(s->batch);
    const FsSourcePlan *p = op->plan;
    for (int k = 0; s->part_vals && k < p->l.npart; k++) eddy__vec_release(s->part_vals[k]);
    eddy__format_run_free(&s->run);
    eddy__buf_free(&s->first_reason);
    ed_vec_free(&s->files);
    eddy__free(s->buf);
    eddy__arena_destroy(&s->a);
    eddy__free(s);
}

/* The position (between batches): the file being read (its index in the
 * sorted file list), the byte offset and line of its next record, how many
 * rows of that record went out already (a multi-row changelog message that
 * a batch boundary split), then the file's path (checked on restore: the directory must list the same files). */
static eddy_status fs_source_position(Op *op, Buf *out) {
    FsSource *s = op->state;
    int64_t v[4] = {(int64_t)s->next, 0, 1, 0};
    if (s->cur) {
        off_t at = lseek(s->fd, 0, SEEK_CUR);
        if (at < 0) return eddy__op_fail(op, EDDY_E_IO, "Could not read the position in %s: %s", s->cur->path, strerror(errno));
        v[0] = (int64_t)s->next - 1;
        v[1] = (int64_t)at - (int64_t)(s->len - s->pos);
        v[2] = s->line;
        v[3] = s->run.emitted; /* rows of a multi-row record already out */
    }
    eddy__op_position_i64(out, v, 4);
    if (s->cur) eddy__buf_puts(out, s->cur->path);
    return EDDY_OK;
}

static eddy_status fs_source_seek(Op *op, const void *pos, size_t len) {
    FsSource *s = op->state;
    int64_t v[4];
    if (len < sizeof v) return eddy__op_seek_i64(op, pos, len, v, 4);
    memcpy(v, pos, sizeof v);
    const char *path = (const char *)pos + sizeof v;
    size_t plen = len - sizeof v;
    if (v[0] < 0 || (size_t)v[0] > s->files.len)
        return eddy__op_fail(op, EDDY_E_RUNTIME, "The checkpointed position of %s is file %lld of %zu.", op->node->name,
                             (long long)v[0], s->files.len);
    s->next = (size_t)v[0];
    if (!plen) return EDDY_OK; /* between files */
    const FsFile *f = s->next < s->files.len ? &s->files.items[s->next] : NULL;
    if (!f || strlen(f->path) != plen || memcmp(f->path, path, plen) != 0)
        return eddy__op_fail(op, EDDY_E_RUNTIME,
                             "Cannot restore the filesystem source from the checkpoint: it was reading %.*s, which is "
                             "not file %lld of the directory any more.",
                             (int)plen, path, (long long)v[0]);
    eddy_status rc = open_next_file(op, s);
    if (rc) return rc;
    if (lseek(s->fd, (off_t)v[1], SEEK_SET) < 0)
        return eddy__op_fail(op, EDDY_E_IO, "Could not seek in %s: %s", f->path, strerror(errno));
    s->line = v[2];
    s->run.file_start = v[1] == 0;
    s->run.skip = v[3] > 0 && v[3] <= UINT32_MAX ? (uint32_t)v[3] : 0;
    return EDDY_OK;
}

const OpVtab eddy__op_fs_source = {.name = "Source: FileSystemTableSource",
                                   .open = fs_source_open,
                                   .produce = fs_source_produce,
                                   .close = fs_source_close,
                                   .position = fs_source_position,
                                   .seek = fs_source_seek};

/* ---- the sink: planning ------------------------------------------------------------------ */

typedef struct FsSinkPlan {
    FsLayout l;
    char token[40];     /* part-<token>-<subtask>-<n>; also the staging directory */
    bool overwrite, streaming;
    int64_t file_size;  /* rolling (streaming) */
    int64_t rollover_ms;
    const char *success_file; /* NULL: no success-file policy */
} FsSinkPlan;

static void random_uuid(char *out) {
    uint8_t r[16];
    if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t a = eddy__hash_u64((uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 30 ^ (uint64_t)(uintptr_t)out);
        uint64_t b = eddy__hash_u64(a ^ (uint64_t)getpid());
        memcpy(r, &a, 8);
        memcpy(r + 8, &b, 8);
    }
    r[6] = (uint8_t)((r[6] & 0x0F) | 0x40);
    r[8] = (uint8_t)((r[8] & 0x3F) | 0x80);
    snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", r[0], r[1], r[2], r[3],
             r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12], r[13], r[14], r[15]);
}

extern const OpVtab eddy__op_fs_sink;

static eddy_status fs_sink(const ConnectorCtx *cx, SinkSpec *out, EdErr *err) {
    const TableDef *d = cx->def;
    if (cx->overwrite && cx->streaming)
        return eddy__err(err, EDDY_E_UNSUPPORTED, "Streaming mode not support overwrite.");
    FsSinkPlan *p = eddy__arena_alloc(cx->a, sizeof *p);
    if (!p) return NOMEM(err);
    eddy_status rc = plan_layout(cx, true, 0, NULL, NULL, &p->l, err);
    if (rc) return rc;
    int64_t unused, par;
    bool flag;
    if ((rc = option_bytes(d, "sink.rolling-policy.file-size", 128 << 20, &p->file_size, err)) ||
        (rc = eddy__option_duration_ms(d, "sink.rolling-policy.rollover-interval", 30 * 60000, &p->rollover_ms, err)) ||
        (rc = eddy__option_duration_ms(d, "sink.rolling-policy.inactivity-interval", 30 * 60000, &unused, err)) ||
        (rc = eddy__option_duration_ms(d, "sink.rolling-policy.check-interval", 60000, &unused, err)) ||
        (rc = eddy__option_duration_ms(d, "sink.partition-commit.delay", 0, &unused, err)) ||
        (rc = option_bytes(d, "compaction.file-size", 0, &unused, err)) ||
        (rc = eddy__option_bool(d, "sink.shuffle-by-partition.enable", false, &flag, err)) ||
        (rc = eddy__option_bool(d, "auto-compaction", false, &flag, err)) ||
        (rc = eddy__option_long(d, "sink.parallelism", 0, &par, err)))
        return rc;
    if (flag) return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: 'auto-compaction' = 'true'");
    if (p->file_size <= 0 || p->rollover_ms <= 0)
        return eddy__err(err, EDDY_E_VALIDATION, "The rolling policy's file size and intervals must be positive.");
    if (par < 0 || par > 32768)
        return eddy__err(err, EDDY_E_VALIDATION, "Invalid configured parallelism %lld for sink.", (long long)par);
    const char *trig = eddy__table_option(d, "sink.partition-commit.trigger");
    if (trig && strcmp(trig, "process-time") && strcmp(trig, "partition-time"))
        return bad_value("sink.partition-commit.trigger", trig, err);
    const char *wtz = eddy__table_option(d, "sink.partition-commit.watermark-time-zone");
    const TimeZone *tz;
    if (wtz && eddy__tz_load(wtz, &tz, NULL) != EDDY_OK)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Invalid time zone for 'sink.partition-commit.watermark-time-zone'. The value should be a "
                         "Time Zone Database (TZDB) ID such as 'America/Los_Angeles' to include daylight saving time. "
                         "Fixed offsets are supported using 'GMT-03:00' or 'GMT+03:00'. Or use 'UTC' without time "
                         "zone and daylight saving time.");
    const char *kinds = eddy__table_option(d, "sink.partition-commit.policy.kind");
    for (const char *k = kinds; k && *k;) {
        const char *comma = strchr(k, ',');
        size_t n = comma ? (size_t)(comma - k) : strlen(k);
        if (eddy__strn_ieq(k, n, "success-file")) {
            const char *sf = eddy__table_option(d, "sink.partition-commit.success-file.name");
            p->success_file = sf ? sf : "_SUCCESS";
        } else if (eddy__strn_ieq(k, n, "custom")) {
            return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: the custom partition commit policy");
        } else if (!eddy__strn_ieq(k, n, "metastore")) {
            return eddy__err(err, EDDY_E_UNSUPPORTED, "Unsupported policy: %.*s", (int)n, k);
        }
        k += n + (comma ? 1 : 0);
    }
    p->overwrite = cx->overwrite;
    p->streaming = cx->streaming;
    random_uuid(p->token);
    out->vt = &eddy__op_fs_sink;
    out->plan = p;
    out->parallelism = (int)par;
    /* a changelog format writes every kind of row */
    out->accepts = p->l.fmt.vt->changelog ? p->l.fmt.vt->changelog : CL_INSERT;
    out->name = "Filesystem";
    return EDDY_OK;
}

/* ---- the sink: running ---------------------------------------------------------------------- */

/* The open file of one partition (or of the table). */
typedef struct PartWriter {
    char *dir;     /* partition path "k=v/.../" or "" */
    char *staged;  /* the file being written, or NULL before the first write(2) */
    int fd;
    Buf buf;
    bool active;       /* a file has rows (buffered or written) */
    uint32_t seq;      /* the file's number (part-<uuid>-<subtask>-<seq>) */
    uint64_t bytes;    /* written to the current file */
    int64_t opened_ms; /* when the current file got its first row */
    uint32_t rows;     /* records in buf (a container format frames them as a block) */
    struct PartWriter *next;
} PartWriter;

/* A finished file: part-<token>-<subtask>-<seq> in dir, staged. */
typedef struct StagedFile {
    const char *dir; /* the writer's */
    uint32_t seq;
} StagedFile;

/* Two-phase commit: a closed in-progress file waiting for the checkpoint
 * it belongs to (ckpt; 0 while it belongs to the next one) to complete. */
typedef struct PendingFile {
    int64_t ckpt;
    char *path;  /* <root>/<dir>.part-...inprogress.<run> */
    char *final; /* <root>/<dir>part-<token>-<subtask>-<n> */
} PendingFile;

typedef struct FsSink {
    char *staging; /* <root>/.staging_<token> */
    char *mine;    /* <staging>/<subtask> */
    int stage_lock; /* holds the shared lock on the staging directory */
    PartWriter **table;
    size_t nbuckets, nwriters;
    PartWriter *last;
    ED_VEC(StagedFile) done;
    ED_VEC(char *) dirs; /* partition dirs written (for overwrite, success files) */
    /* two-phase commit (streaming with checkpoints): files are written as
     * <dir>/.part-<token>-<subtask>-<n>.inprogress.<run> */
    bool twopc;
    char token[40]; /* the plan's, or the restored job's */
    char run_id[40]; /* this run's uuid (in-progress names) */
    OpListState *ck_files;
    ED_VEC(PendingFile) pend;
    uint32_t counter;
    bool committed, pending; /* pending: a commit record waits for recovery */
    Buf key, scratch;
    Buf framed; /* a container format's block (and header) of buf's records */
    Vector **file_vecs;
    FormatRun run;
} FsSink;

/* ---- the sink: two-phase commit ------------------------------------------------------------ */

#define TWOPC_STATE "filesystem-sink-files"

static eddy_status twopc_open(Op *op, FsSink *s) {
    StateBackend *be;
    eddy_status rc = eddy__op_state(op, &be);
    if (!rc) rc = eddy__state_op_list(be, TWOPC_STATE, NULL, &s->ck_files);
    if (rc) return rc;
    s->twopc = true;
    random_uuid(s->run_id);
    return EDDY_OK;
}

/* The writer's closed in-progress file waits for the next checkpoint (takes
 * w->staged). */
static eddy_status twopc_pending(Op *op, FsSink *s, PartWriter *w) {
    const FsSinkPlan *p = op->plan;
    PendingFile f = {0, w->staged, eddy__malloc(strlen(p->l.root) + strlen(w->dir) + 96)};
    w->staged = NULL;
    if (f.final) sprintf(f.final, "%s/%spart-%s-%d-%u", p->l.root, w->dir, s->token, op->subtask, w->seq);
    if (!f.final || !ed_vec_push(&s->pend, f)) {
        eddy__free(f.path);
        eddy__free(f.final);
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    return EDDY_OK;
}

/* fsyncs the directory holding path (the part of path before its last '/'). */
static int fsync_parent(char *path) {
    char *slash = strrchr(path, '/');
    *slash = 0;
    int r = eddy__fs_fsync_path(path);
    *slash = '/';
    return r;
}

/* Makes a success file in the directory of `final` (kept when it exists). */
static int touch_success(const char *final, const char *name) {
    const char *slash = strrchr(final, '/');
    char *path = eddy__malloc((size_t)(slash - final) + strlen(name) + 2);
    if (!path) return -1;
    sprintf(path, "%.*s/%s", (int)(slash - final), final, name);
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
    eddy__free(path);
    if (fd < 0) return -1;
    return close(fd);
}

/* Publishes the pending files of checkpoints 1..upto (every one, also those
 * of no checkpoint yet, when all): renamed to their final names, their
 * directories fsynced, success files made. A file already renamed (a
 * restore redoing a commit) counts as published. */
static eddy_status twopc_publish(Op *op, FsSink *s, int64_t upto, bool all) {
    const FsSinkPlan *p = op->plan;
    size_t keep = 0;
    eddy_status rc = EDDY_OK;
    for (size_t i = 0; i < s->pend.len; i++) {
        PendingFile *f = &s->pend.items[i];
        if (rc || !(all || (f->ckpt > 0 && f->ckpt <= upto))) {
            s->pend.items[keep++] = *f;
            continue;
        }
        if (rename(f->path, f->final) != 0 && !(errno == ENOENT && access(f->final, F_OK) == 0))
            rc = eddy__op_fail(op, EDDY_E_IO, "Could not commit %s as %s: %s", f->path, f->final, strerror(errno));
        else if (fsync_parent(f->final) != 0)
            rc = eddy__op_fail(op, EDDY_E_IO, "Could not commit %s: %s", f->final, strerror(errno));
        else if (p->success_file && touch_success(f->final, p->success_file) != 0)
            rc = eddy__op_fail(op, EDDY_E_IO, "Could not write the success file next to %s: %s", f->final,
                               strerror(errno));
        if (rc) {
            s->pend.items[keep++] = *f;
            continue;
        }
        eddy__free(f->path);
        eddy__free(f->final);
    }
    s->pend.len = keep;
    return rc;
}

/* Removes this subtask's in-progress files of job `token` below
 * dir (what a run wrote after the checkpoint being restored). */
static eddy_status twopc_clean(Op *op, const char *token, const char *dir, int depth) {
    char prefix[96];
    int np = snprintf(prefix, sizeof prefix, ".part-%s-%d-", token, op->subtask);
    DIR *d = opendir(dir);
    if (!d) return errno == ENOENT ? EDDY_OK : eddy__op_fail(op, EDDY_E_IO, "Could not list %s: %s", dir, strerror(errno));
    eddy_status rc = EDDY_OK;
    struct dirent *e;
    while (!rc && (e = readdir(d))) {
        bool mine = !strncmp(e->d_name, prefix, (size_t)np) && strstr(e->d_name, ".inprogress.");
        if (!mine && (e->d_name[0] == '.' || depth >= ((const FsSinkPlan *)op->plan)->l.npart)) continue;
        char *path = eddy__malloc(strlen(dir) + strlen(e->d_name) + 2);
        if (!path) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        else sprintf(path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (rc || lstat(path, &st) != 0) {
        } else if (mine && S_ISREG(st.st_mode)) {
            if (unlink(path) != 0) rc = eddy__op_fail(op, EDDY_E_IO, "Could not remove %s: %s", path, strerror(errno));
        } else if (!mine && S_ISDIR(st.st_mode)) {
            rc = twopc_clean(op, token, path, depth + 1);
        }
        eddy__free(path);
    }
    closedir(d);
    return rc;
}

static eddy_status fs_sink_open(Op *op) {
    const FsSinkPlan *p = op->plan;
    FsSink *s = eddy__calloc(1, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    eddy__buf_init(&s->key);
    eddy__buf_init(&s->scratch);
    eddy__buf_init(&s->framed);
    eddy__format_run_init(&s->run);
    s->nbuckets = 64;
    s->table = eddy__calloc(s->nbuckets, sizeof(PartWriter *));
    s->file_vecs = eddy__calloc((size_t)p->l.nfile + 1, sizeof(Vector *));
    s->staging = eddy__arena_printf(op->arena, "%s/.staging_%s", p->l.root, p->token);
    s->mine = eddy__arena_printf(op->arena, "%s/%d", s->staging ? s->staging : "", op->subtask);
    s->stage_lock = -1;
    if (!s->table || !s->file_vecs || !s->staging || !s->mine) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    memcpy(s->token, p->token, sizeof s->token);
    eddy_status rc = p->streaming && eddy__op_checkpoint_interval(op) > 0 ? twopc_open(op, s) : EDDY_OK;
    if (rc) return rc;
    /* the table directory exists from the start, as in Flink; a commit a
     * crash left half done is finished first */
    return eddy__fs_stage_begin(p->l.root, p->token, &s->stage_lock, eddy__op_err(op));
}

/* Writes the writer's buffered bytes to its file (opening it first). */
static eddy_status flush_writer(Op *op, FsSink *s, PartWriter *w) {
    const FsSinkPlan *p = op->plan;
    if (!w->buf.len) return EDDY_OK;
    if (!w->staged) {
        char name[160];
        if (s->twopc) snprintf(name, sizeof name, ".part-%s-%d-%u.inprogress.%s", s->token, op->subtask, w->seq, s->run_id);
        else snprintf(name, sizeof name, "part-%s-%d-%u", s->token, op->subtask, w->seq);
        const char *base = s->twopc ? p->l.root : s->mine;
        w->staged = eddy__malloc(strlen(base) + strlen(w->dir) + sizeof name + 2);
        if (!w->staged) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        sprintf(w->staged, "%s/%s%s", base, w->dir, name);
        char *slash = strrchr(w->staged, '/');
        *slash = 0;
        int r = eddy__fs_mkdirs(w->staged);
        *slash = '/';
        if (r) return eddy__op_fail(op, EDDY_E_IO, "Could not create the directory for %s: %s", w->staged, strerror(errno));
        w->fd = eddy__fs_create(w->staged);
        if (w->fd < 0) return eddy__op_fail(op, EDDY_E_IO, "Could not create %s: %s", w->staged, strerror(errno));
        w->bytes = 0;
    }
    const Buf *out = &w->buf;
    const FormatVt *vt = p->l.fmt.vt;
    if (vt->frame) { /* avro: the file's header first, then a block of the records */
        eddy__buf_truncate(&s->framed, 0);
        eddy_status rc = vt->frame(&p->l.fmt, w->bytes == 0, w->rows, &w->buf, &s->framed, eddy__op_err(op));
        if (rc) return rc;
        if (s->framed.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        out = &s->framed;
    }
    size_t off = 0;
    while (off < out->len) {
        ssize_t r = write(w->fd, out->data + off, out->len - off);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return eddy__op_fail(op, EDDY_E_IO, "Could not write %s: %s", w->staged, strerror(errno));
        off += (size_t)r;
    }
    w->bytes += out->len;
    w->rows = 0;
    eddy__buf_truncate(&w->buf, 0);
    return EDDY_OK;
}

/* Closes the writer's current file; it is committed with the job. */
static eddy_status roll_writer(Op *op, FsSink *s, PartWriter *w) {
    eddy_status rc = flush_writer(op, s, w);
    w->active = false;
    if (rc || !w->staged) return rc;
    if ((s->twopc && fsync(w->fd) != 0) || close(w->fd) != 0) {
        rc = eddy__op_fail(op, EDDY_E_IO, "Could not write %s: %s", w->staged, strerror(errno));
        if (s->twopc) close(w->fd);
        w->fd = -1;
        return rc;
    }
    w->fd = -1;
    if (s->twopc) return twopc_pending(op, s, w);
    eddy__free(w->staged);
    w->staged = NULL;
    if (!ed_vec_push(&s->done, ((StagedFile){w->dir, w->seq}))) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

/* Doubles the writer table (keeps the old one when memory runs out). */
static void grow_table(FsSink *s) {
    size_t nb = s->nbuckets * 2;
    PartWriter **t = eddy__calloc(nb, sizeof(PartWriter *));
    if (!t) return;
    for (size_t h = 0; h < s->nbuckets; h++)
        for (PartWriter *w = s->table[h], *next; w; w = next) {
            next = w->next;
            size_t k = eddy__hash_bytes(w->dir, strlen(w->dir), 7) % nb;
            w->next = t[k];
            t[k] = w;
        }
    eddy__free(s->table);
    s->table = t;
    s->nbuckets = nb;
}

static PartWriter *find_writer(Op *op, FsSink *s, const char *dir, size_t n) {
    if (s->last && strlen(s->last->dir) == n && !memcmp(s->last->dir, dir, n)) return s->last;
    uint64_t h = eddy__hash_bytes(dir, n, 7) % s->nbuckets;
    for (PartWriter *w = s->table[h]; w; w = w->next)
        if (strlen(w->dir) == n && !memcmp(w->dir, dir, n)) return s->last = w;
    PartWriter *w = eddy__calloc(1, sizeof *w);
    char *copy = eddy__strndup(dir, n);
    char *d2 = eddy__strndup(dir, n);
    if (!w || !copy || !d2 || !ed_vec_push(&s->dirs, d2)) {
        eddy__free(w);
        eddy__free(copy);
        eddy__free(d2);
        eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        return NULL;
    }
    w->dir = copy;
    w->fd = -1;
    eddy__buf_init(&w->buf);
    w->next = s->table[h];
    s->table[h] = w;
    if (++s->nwriters > 2 * s->nbuckets) grow_table(s);
    return s->last = w;
}

/* The partition path of row r: "k1=v1/k2=v2/" (escaped), or "". */
static void partition_path(const FsSinkPlan *p, FsSink *s, const Batch *b, uint32_t r) {
    eddy__buf_truncate(&s->key, 0);
    for (int k = 0; k < p->l.npart; k++) {
        const Vector *v = b->cols[p->l.part_cols[k]];
        eddy__partition_escape(&s->key, p->l.part_names[k], strlen(p->l.part_names[k]));
        eddy__buf_putc(&s->key, '=');
        eddy__buf_truncate(&s->scratch, 0);
        if (!vec_is_null(v, r)) partition_text(&s->scratch, p->l.part_types[k], v, r);
        if (s->scratch.len) eddy__partition_escape(&s->key, s->scratch.data, s->scratch.len);
        else eddy__partition_escape(&s->key, p->l.default_part, strlen(p->l.default_part));
        eddy__buf_putc(&s->key, '/');
    }
    eddy__buf_cstr(&s->key);
}

static eddy_status fs_sink_push(Op *op, int input, Batch *b) {
    (void)input;
    const FsSinkPlan *p = op->plan;
    FsSink *s = op->state;
    const FormatPlan *fp = &p->l.fmt;
    for (int i = 0; i < p->l.nfile; i++) s->file_vecs[i] = b->cols[p->l.file_cols[i]];
    int64_t now = p->streaming ? eddy__wall_ms() : 0;
    EdErr *err = eddy__op_err(op);
    for (uint32_t i = 0; i < b->count; i++) {
        uint32_t r = batch_row(b, i);
        partition_path(p, s, b, r);
        if (s->key.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        PartWriter *w = find_writer(op, s, s->key.data ? s->key.data : "", s->key.len);
        if (!w) return EDDY_E_NOMEM;
        /* streaming files roll over by size and age (batch mode writes one
         * file per partition, as Flink's batch sink) */
        if (p->streaming && w->active &&
            (w->bytes + w->buf.len > (uint64_t)p->file_size || now - w->opened_ms >= p->rollover_ms)) {
            eddy_status rc = roll_writer(op, s, w);
            if (rc) return rc;
        }
        if (!w->active) {
            /* files are numbered in the order their first rows came */
            w->active = true;
            w->opened_ms = now;
            w->seq = s->counter++;
            w->bytes = 0;
        }
        s->run.kind = batch_kind(b, r);
        eddy_status rc = fp->vt->encode(fp, &s->run, s->file_vecs, r, &w->buf, err);
        if (rc) return rc;
        w->rows++;
        if (w->buf.len >= WRITE_CHUNK && (rc = flush_writer(op, s, w))) return rc;
    }
    return EDDY_OK;
}

/* End of input: every file is complete (committed later with the job). */
static eddy_status fs_sink_finish(Op *op) {
    FsSink *s = op->state;
    for (size_t h = 0; h < s->nbuckets; h++)
        for (PartWriter *w = s->table[h]; w; w = w->next) {
            eddy_status rc = roll_writer(op, s, w);
            if (rc) return rc;
        }
    return EDDY_OK;
}

/* Checkpoint n: the files in progress are closed and, with those rolled
 * since the last checkpoint, become checkpoint n's pending files; the
 * operator state lists the job token, the file counter and every pending
 * file (paths relative to the table's root). */
static eddy_status fs_sink_snapshot(Op *op, int64_t checkpoint_id) {
    const FsSinkPlan *p = op->plan;
    FsSink *s = op->state;
    if (!s->twopc) return EDDY_OK;
    eddy_status rc = fs_sink_finish(op);
    if (rc) return rc;
    size_t skip = strlen(p->l.root) + 1;
    eddy__state_op_list_clear(s->ck_files);
    eddy__buf_truncate(&s->scratch, 0);
    eddy__buf_putc(&s->scratch, 'T');
    eddy__buf_put(&s->scratch, s->token, 36);
    eddy__buf_put(&s->scratch, &s->counter, sizeof s->counter);
    if (s->scratch.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    rc = eddy__state_op_list_add(s->ck_files, s->scratch.data, (uint32_t)s->scratch.len);
    for (size_t i = 0; !rc && i < s->pend.len; i++) {
        PendingFile *f = &s->pend.items[i];
        if (!f->ckpt) f->ckpt = checkpoint_id;
        eddy__buf_truncate(&s->scratch, 0);
        eddy__buf_putc(&s->scratch, 'F');
        eddy__buf_put(&s->scratch, &f->ckpt, sizeof f->ckpt);
        eddy__buf_put(&s->scratch, f->path + skip, strlen(f->path + skip) + 1);
        eddy__buf_put(&s->scratch, f->final + skip, strlen(f->final + skip));
        if (s->scratch.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        rc = eddy__state_op_list_add(s->ck_files, s->scratch.data, (uint32_t)s->scratch.len);
    }
    return rc;
}

static eddy_status fs_sink_checkpoint_complete(Op *op, int64_t checkpoint_id) {
    FsSink *s = op->state;
    return s->twopc ? twopc_publish(op, s, checkpoint_id, false) : EDDY_OK;
}

/* Restored from a checkpoint: its pending files are published (again, when
 * the interrupted run got to it), what that run wrote later is removed,
 * and a job with checkpoints goes on with the restored token and file
 * counter (one without writes as without a checkpoint). */
static eddy_status fs_sink_restore(Op *op) {
    const FsSinkPlan *p = op->plan;
    FsSink *s = op->state;
    StateBackend *be;
    eddy_status rc = EDDY_OK;
    if (!s->ck_files && ((rc = eddy__op_state(op, &be)) || (rc = eddy__state_op_list(be, TWOPC_STATE, NULL, &s->ck_files))))
        return rc;
    char token[40] = "";
    uint32_t n = eddy__state_op_list_count(s->ck_files);
    for (uint32_t i = 0; i < n; i++) {
        const char *e;
        uint32_t len;
        eddy__state_op_list_at(s->ck_files, i, (const void **)&e, &len);
        if (len == 1 + 36 + sizeof s->counter && e[0] == 'T') {
            memcpy(token, e + 1, 36);
            token[36] = 0;
            if (s->twopc) {
                memcpy(s->token, token, sizeof token);
                memcpy(&s->counter, e + 37, sizeof s->counter);
            }
            continue;
        }
        const char *rel = e + 1 + sizeof(int64_t);
        const char *nul = len > 1 + sizeof(int64_t) ? memchr(rel, 0, len - 1 - sizeof(int64_t)) : NULL;
        if (e[0] != 'F' || !nul)
            return eddy__op_fail(op, EDDY_E_RUNTIME, "The state of the filesystem sink '%s' in the checkpoint is not valid.",
                                 op->node->name);
        size_t nroot = strlen(p->l.root), nfinal = len - (size_t)(nul + 1 - e);
        PendingFile f = {1, eddy__malloc(nroot + (size_t)(nul - rel) + 2), eddy__malloc(nroot + nfinal + 2)};
        if (f.path) sprintf(f.path, "%s/%s", p->l.root, rel);
        if (f.final) sprintf(f.final, "%s/%.*s", p->l.root, (int)nfinal, nul + 1);
        if (!f.path || !f.final || !ed_vec_push(&s->pend, f)) {
            eddy__free(f.path);
            eddy__free(f.final);
            return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
    }
    eddy__state_op_list_clear(s->ck_files);
    rc = twopc_publish(op, s, INT64_MAX, true);
    return rc || !*token ? rc : twopc_clean(op, token, p->l.root, 0);
}

static void remove_staging(FsSink *s);

/* The job's end in two-phase mode: finished, every file is published;
 * cancelled, those of completed checkpoints are, the others removed (a
 * restore from the last checkpoint writes them again). */
static eddy_status twopc_commit(Op *const *ops, int n, CommitKind kind) {
    eddy_status rc = EDDY_OK;
    int64_t upto = kind == COMMIT_FINISHED ? INT64_MAX : eddy__op_checkpoint_completed(ops[0]);
    for (int i = 0; !rc && i < n; i++) {
        FsSink *s = ops[i]->state;
        if (!s) continue;
        if (kind == COMMIT_CANCELLED) rc = fs_sink_finish(ops[i]);
        if (!rc) rc = twopc_publish(ops[i], s, upto, kind == COMMIT_FINISHED);
        for (size_t k = 0; !rc && k < s->pend.len; k++) unlink(s->pend.items[k].path);
        s->committed = !rc;
        if (!rc) remove_staging(s);
    }
    return rc;
}

/* Removes the staging directory of this subtask (and the staging root
 * once every subtask's are gone); never fails. */
static void remove_staging(FsSink *s) {
    if (s->mine) eddy__fs_remove_tree(s->mine);
    if (s->staging) rmdir(s->staging);
}

static int cmp_cstr(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

/* Commits the files of every instance as one (fs_commit.h): when the job
 * finished, and when an unbounded streaming job was cancelled -- a final
 * checkpoint: its in-progress files are finished and committed with the
 * finished ones. A cancelled bounded job commits nothing. */
static eddy_status fs_sink_commit(Op *const *ops, int n, CommitKind kind) {
    const FsSinkPlan *p = ops[0]->plan;
    if (kind == COMMIT_CANCELLED && !p->streaming) return EDDY_OK;
    FsSink *s0 = ops[0]->state;
    if (s0 && s0->twopc) return twopc_commit(ops, n, kind);
    ED_VEC(const char *) dirs = {0};
    ED_VEC(FsCommitFile) files = {0};
    eddy_status rc = EDDY_OK;
    bool ok = true, any = false;
    if (p->l.npart == 0) ok = ed_vec_push(&dirs, "");
    for (int i = 0; ok && !rc && i < n; i++) {
        FsSink *s = ops[i]->state;
        if (!s) continue;
        any = true;
        if (kind == COMMIT_CANCELLED) rc = fs_sink_finish(ops[i]);
        for (size_t k = 0; p->l.npart && k < s->dirs.len; k++) ok = ok && ed_vec_push(&dirs, s->dirs.items[k]);
    }
    if (!rc && ok && any) {
        if (dirs.len > 1) qsort(dirs.items, dirs.len, sizeof(char *), cmp_cstr);
        size_t u = dirs.len ? 1 : 0;
        for (size_t i = 1; i < dirs.len; i++)
            if (strcmp(dirs.items[i], dirs.items[u - 1])) dirs.items[u++] = dirs.items[i];
        dirs.len = u;
        for (int i = 0; ok && i < n; i++) {
            FsSink *s = ops[i]->state;
            for (size_t k = 0; s && ok && k < s->done.len; k++) {
                const char **d = bsearch(&s->done.items[k].dir, dirs.items, dirs.len, sizeof(char *), cmp_cstr);
                ok = ed_vec_push(&files, ((FsCommitFile){(uint32_t)(d - dirs.items), ops[i]->subtask, s->done.items[k].seq}));
            }
        }
    }
    bool pending = false;
    if (!rc && !ok) rc = eddy__op_fail(ops[0], EDDY_E_NOMEM, "out of memory");
    /* nothing to move, clear or mark: nothing to commit */
    bool work = files.len || p->overwrite || p->success_file;
    if (!rc && any && work) {
        FsCommit c = {p->l.root, p->token, p->overwrite, p->success_file, dirs.len, dirs.items, files.len, files.items};
        rc = eddy__fs_commit(&c, &pending, eddy__op_err(ops[0]));
    }
    for (int i = 0; i < n; i++) {
        FsSink *s = ops[i]->state;
        if (!s) continue;
        s->committed = !rc;
        s->pending = pending;
        if (!rc) remove_staging(s);
    }
    ed_vec_free(&dirs);
    ed_vec_free(&files);
    return rc;
}

static void fs_sink_close(Op *op) {
    FsSink *s = op->state;
    if (!s) return;
    for (size_t h = 0; s->table && h < s->nbuckets; h++) {
        PartWriter *w = s->table[h];
        while (w) {
            PartWriter *next = w->next;
            if (w->fd >= 0) close(w->fd);
            eddy__free(w->staged);
            eddy__free(w->dir);
            eddy__buf_free(&w->buf);
            eddy__free(w);
            w = next;
        }
    }
    /* a job that did not commit leaves nothing behind, unless its commit
     * is recorded: then recovery needs the staged files */
    if (!s->committed && !s->pending) remove_staging(s);
    eddy__fs_unlock(s->stage_lock);
    ed_vec_free(&s->done);
    for (size_t i = 0; i < s->pend.len; i++) {
        eddy__free(s->pend.items[i].path);
        eddy__free(s->pend.items[i].final);
    }
    ed_vec_free(&s->pend);
    for (size_t i = 0; i < s->dirs.len; i++) eddy__free(s->dirs.items[i]);
    ed_vec_free(&s->dirs);
    eddy__free(s->table);
    eddy__free(s->file_vecs);
    eddy__buf_free(&s->key);
    eddy__buf_free(&s->scratch);
    eddy__buf_free(&s->framed);
    eddy__format_run_free(&s->run);
    eddy__free(s);
}

const OpVtab eddy__op_fs_sink = {.name = "Sink: Filesystem",
                                 .open = fs_sink_open,
                                 .push_batch = fs_sink_push,
                                 .finish = fs_sink_finish,
                                 .commit = fs_sink_commit,
                                 .snapshot = fs_sink_snapshot,
                                 .restore = fs_sink_restore,
                                 .checkpoint_complete = fs_sink_checkpoint_complete,
                                 .close = fs_sink_close};

/* The readable metadata of the table's format. */
static void fs_format_metadata(const TableDef *t, const char *const **keys, const char *const **types) {
    const FormatVt *fv = eddy__format_lookup(eddy__table_option(t, "format"));
    *keys = fv ? fv->metadata : NULL;
    *types = fv ? fv->metadata_types : NULL;
}

const Connector eddy__connector_filesystem = {
    .name = "filesystem",
    .required = fs_required,
    .optional = fs_optional,
    .metadata = fs_metadata,
    .metadata_types = fs_metadata_types,
    .source = fs_source,
    .sink = fs_sink,
    .sink_abilities = CONN_SINK_OVERWRITE | CONN_SINK_PARTITIONING,
    .validate = fs_validate,
    .format_metadata = fs_format_metadata,
};
