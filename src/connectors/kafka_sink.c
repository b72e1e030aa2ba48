/*
 * kafka_sink.c -- the runtime of the Kafka sinks ('kafka', 'upsert-kafka';
 * planned by kafka.c): one producer per subtask, each row encoded by the
 * key and value formats, the partition picked by sink.partitioner;
 * at-least-once flushes at checkpoint barriers. exactly-once: two-phase
 * commit on Kafka transactions, one transactional producer per subtask and
 * checkpoint (<prefix>-<subtask>-<checkpoint>), prepared at the barrier,
 * committed when the checkpoint completes; a restored subtask commits the
 * prepared transactions of its state with their producer id and epoch
 * (kafka_txn.c) before anything initializes their ids
 * (src/connectors/README.md).
 */
#include <pthread.h>
#include <stdlib.h>
#include <strings.h>

#include "connectors/kafka_int.h"
#include "connectors/kafka_txn.h"

/* A transaction of the exactly-once sink, flushed at the barrier of
 * checkpoint `ckpt` and committed when that checkpoint completes. */
typedef struct KTxn {
    rd_kafka_t *rk;
    int64_t ckpt;
    int64_t pid; /* its producer id and epoch (-1: not known, see txn_log) */
    int16_t epoch;
    char id[320];
} KTxn;

typedef struct KSink {
    rd_kafka_t *rk; /* the producer written to (exactly-once: the open transaction's, NULL until one is needed) */
    int32_t npart;
    uint32_t rr;
    Buf key, val;
    Vector **kvecs, **vvecs;
    FormatRun run;
    /* the first failed delivery (set by the delivery callback, which runs
     * on this subtask's thread inside rd_kafka_poll / flush) */
    rd_kafka_resp_err_t failed;
    char failed_msg[256];
    /* exactly-once: the open transaction is <prefix>-<subtask>-<next_ckpt>
     * (Flink's TransactionalIdFactory), the checkpoint its barrier will
     * prepare it for */
    char cur_id[320];
    bool cur_dirty;   /* records written in the open transaction */
    int64_t next_ckpt;
    int64_t restored; /* the checkpoint restored from (0: none) */
    const Op *op;
    bool cleaned;     /* the transactions an earlier run left open are aborted */
    bool committed;   /* the job finished and committed everything */
    ED_VEC(KTxn) prepared;
    OpListState *ck;  /* the checkpoint id and the prepared transactions, for a restore */
    /* the producer id and epoch of the open transaction (-1: not known) */
    int64_t cur_pid;
    int16_t cur_epoch;
    /* restored: the parallelism of the run checkpointed, whether its state
     * was of the format without transactions, and the ids to abort
     * (prepared transactions that cannot be resumed) */
    int old_par;
    bool legacy;
    ED_VEC(KTxn) unresumed;
    /* the producer ids librdkafka's eos log reports (txn_log): the last
     * one, for the producer pid_rk */
    pthread_mutex_t pid_mu;
    const rd_kafka_t *pid_rk;
    int64_t pid;
    int16_t epoch;
} KSink;

/* Whether a transaction can be resumed by eddy__kafka_end_txn: PLAINTEXT
 * connections (SASL / SSL: the prepared transactions of a restored
 * checkpoint are aborted, see src/connectors/README.md). */
static bool resumable(const KafkaPlan *p) {
    const char *sp = eddy__kafka_prop(p, "security.protocol");
    return !sp || !strcasecmp(sp, "plaintext");
}

/* The log callback of the transactional producers: notes the producer id
 * and epoch that librdkafka's eos debug log reports when the producer gets
 * one ("Acquired PID{Id:<id>,Epoch:<epoch>}", facility GETPID: librdkafka
 * has no API for them), and hands every line to the stderr logger when
 * the table asks for logs. */
static void txn_log(const rd_kafka_t *rk, int level, const char *fac, const char *buf) {
    KSink *s = rd_kafka_opaque(rk);
    const char *at = !strcmp(fac, "GETPID") ? strstr(buf, "Acquired PID{Id:") : NULL;
    long long id;
    int epoch;
    if (s && at && sscanf(at, "Acquired PID{Id:%lld,Epoch:%d}", &id, &epoch) == 2) {
        pthread_mutex_lock(&s->pid_mu);
        s->pid_rk = rk;
        s->pid = id;
        s->epoch = (int16_t)epoch;
        pthread_mutex_unlock(&s->pid_mu);
    }
    const Op *op = s ? s->op : NULL;
    if (op && wants_log(op->plan)) rd_kafka_log_print(rk, level, fac, buf);
}

static void on_delivery(rd_kafka_t *rk, const rd_kafka_message_t *m, void *opaque) {
    (void)rk;
    KSink *s = opaque;
    if (m->err && !s->failed) {
        s->failed = m->err;
        snprintf(s->failed_msg, sizeof s->failed_msg, "%s", rd_kafka_err2str(m->err));
    }
}

/* A producer with the table's properties; with txn_id a transactional one
 * (its transactions initialized: whatever a producer of that id left open
 * is aborted by the coordinator). */
static eddy_status new_producer(Op *op, KSink *s, const char *txn_id, rd_kafka_t **out) {
    const KafkaPlan *p = op->plan;
    *out = NULL;
    bool capture = txn_id && resumable(p);
    rd_kafka_conf_t *conf = eddy__kafka_conf(op, p, capture ? txn_log : NULL);
    if (!conf) return EDDY_E_VALIDATION;
    if (capture) {
        /* the eos debug lines tell the producer id (txn_log) */
        char dbg[512] = "";
        size_t dn = sizeof dbg;
        if (rd_kafka_conf_get(conf, "debug", dbg, &dn) != RD_KAFKA_CONF_OK) dbg[0] = 0;
        char want[600];
        snprintf(want, sizeof want, "%s%seos", dbg, dbg[0] ? "," : "");
        eddy__kafka_conf_set(conf, "debug", want);
    }
    /* the Java client's default partitioner: murmur2 of the key */
    if (!has_prop(p, "partitioner")) eddy__kafka_conf_set(conf, "partitioner", "murmur2_random");
    /* Flink's KafkaSink sets a transaction timeout of 1 h unless the table has one */
    if (txn_id && ((!has_prop(p, "transaction.timeout.ms") && !eddy__kafka_conf_set(conf, "transaction.timeout.ms", "3600000")) ||
                   !eddy__kafka_conf_set(conf, "transactional.id", txn_id))) {
        rd_kafka_conf_destroy(conf);
        return eddy__op_fail(op, EDDY_E_VALIDATION, "Could not configure the Kafka transactional id '%s'", txn_id);
    }
    rd_kafka_conf_set_dr_msg_cb(conf, on_delivery);
    rd_kafka_conf_set_opaque(conf, s);
    pthread_mutex_lock(&s->pid_mu);
    s->pid_rk = NULL;
    pthread_mutex_unlock(&s->pid_mu);
    char why[512];
    rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, why, sizeof why);
    if (!rk) {
        rd_kafka_conf_destroy(conf);
        return eddy__op_fail(op, EDDY_E_IO, "Could not create the Kafka producer: %s", why);
    }
    rd_kafka_error_t *e = txn_id ? rd_kafka_init_transactions(rk, META_TIMEOUT_MS) : NULL;
    if (e) {
        eddy__op_fail(op, EDDY_E_IO, "Could not initialize the Kafka transactions of '%s': %s", txn_id,
                      rd_kafka_error_string(e));
        rd_kafka_error_destroy(e);
        rd_kafka_destroy(rk);
        return EDDY_E_IO;
    }
    *out = rk;
    return EDDY_OK;
}

/* The partition count of the sink's topic (fixed and round-robin need it).
 * Asked of every new producer: a producer without the topic's metadata
 * holds its first records until a metadata refresh (about a second), which
 * would delay each transaction's flush. */
static eddy_status topic_partitions(Op *op, KSink *s) {
    const KafkaPlan *p = op->plan;
    rd_kafka_topic_t *t = rd_kafka_topic_new(s->rk, p->topics[0], NULL);
    const struct rd_kafka_metadata *md;
    /* the default partitioner needs no count: waiting longer than the refresh would gain nothing */
    int timeout = p->partitioner == KP_DEFAULT ? 1000 : META_TIMEOUT_MS;
    rd_kafka_resp_err_t e = t ? rd_kafka_metadata(s->rk, 0, t, &md, timeout) : RD_KAFKA_RESP_ERR__FAIL;
    if (t) rd_kafka_topic_destroy(t);
    if (!e) {
        if (md->topic_cnt == 1 && !md->topics[0].err) s->npart = md->topics[0].partition_cnt;
        else e = md->topic_cnt == 1 ? md->topics[0].err : RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART;
        rd_kafka_metadata_destroy(md);
    }
    if ((e || s->npart <= 0) && p->partitioner != KP_DEFAULT)
        return eddy__op_fail(op, EDDY_E_IO, "Failed to get metadata for topics [%s]: %s", p->topics[0],
                             rd_kafka_err2str(e ? e : RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART));
    return EDDY_OK;
}

#define TXN_STATE "kafka-sink-transactions"

static eddy_status ksink_open(Op *op) {
    const KafkaPlan *p = op->plan;
    KSink *s = eddy__calloc(1, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    s->op = op;
    pthread_mutex_init(&s->pid_mu, NULL);
    eddy__buf_init(&s->key);
    eddy__buf_init(&s->val);
    eddy__format_run_init(&s->run);
    s->kvecs = eddy__calloc((size_t)p->key.ncols + 1, sizeof(Vector *));
    s->vvecs = eddy__calloc((size_t)p->value.ncols + 1, sizeof(Vector *));
    if (!s->kvecs || !s->vvecs) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    if (p->txn_prefix) {
        /* transactions are committed by checkpoints (or, in BATCH mode, by
         * the end of the job): the producers come when a transaction begins */
        if (!op->batch_mode && eddy__op_checkpoint_interval(op) <= 0)
            return eddy__op_fail(op, EDDY_E_VALIDATION,
                                 "'sink.delivery-guarantee' = 'exactly-once' of table %s needs checkpointing: its "
                                 "Kafka transactions are committed when a checkpoint completes (set "
                                 "'execution.checkpointing.interval')",
                                 p->table);
        s->next_ckpt = 1;
        StateBackend *be;
        eddy_status rc = eddy__op_state(op, &be);
        return rc ? rc : eddy__state_op_list(be, TXN_STATE, NULL, &s->ck);
    }
    eddy_status rc = new_producer(op, s, NULL, &s->rk);
    return rc ? rc : topic_partitions(op, s);
}

static eddy_status delivery_error(Op *op, KSink *s) {
    return eddy__op_fail(op, EDDY_E_IO, "Failed to send data to Kafka: %s", s->failed_msg);
}

/* Waits until every record of producer rk is delivered (or one failed). */
static eddy_status flush_all(Op *op, KSink *s, rd_kafka_t *rk) {
    while (rk && rd_kafka_outq_len(rk) > 0 && !s->failed) {
        rd_kafka_flush(rk, 200);
        if (eddy__op_cancelled(op)) return EDDY_E_CANCELLED;
    }
    return s->failed ? delivery_error(op, s) : EDDY_OK;
}

static eddy_status txn_fail(Op *op, const char *what, const char *id, rd_kafka_error_t *e) {
    eddy_status rc = eddy__op_fail(op, EDDY_E_IO, "Failed to %s the Kafka transaction '%s': %s", what, id,
                                   rd_kafka_error_string(e));
    rd_kafka_error_destroy(e);
    return rc;
}

static void txn_name(Op *op, int64_t ckpt, char *buf, size_t n) {
    const KafkaPlan *p = op->plan;
    snprintf(buf, n, "%s-%d-%lld", p->txn_prefix, op->subtask, (long long)ckpt);
}

/* Aborts transactional id `id` (a producer initializing it aborts its
 * open transaction). */
static eddy_status txn_abort_id(Op *op, KSink *s, const char *id) {
    rd_kafka_t *rk;
    eddy_status rc = new_producer(op, s, id, &rk);
    if (!rc) rd_kafka_destroy(rk);
    return rc;
}

/* Once per run: aborts the transactions an earlier run may have left open.
 * Restored from checkpoint n (the prepared transactions of the state were
 * committed by the restore): those of checkpoints n+1 and n+2 -- one
 * checkpoint is pending at a time, so a run passes at most two barriers
 * after its last completed checkpoint -- of this subtask and of the
 * subtasks of a run with more of them that map to it (subtask j >= the
 * parallelism, j % parallelism == this one), and the prepared ones of the
 * state that could not be resumed. From a state without transactions (an
 * older format): those of n, n+1, n+2 of this subtask. A fresh start: ids
 * 1 and 2. `skip`: the checkpoint of the transaction about to begin
 * (initialized then). */
static eddy_status txn_clean(Op *op, KSink *s, int64_t skip) {
    if (s->cleaned) return EDDY_OK;
    s->cleaned = true;
    const KafkaPlan *p = op->plan;
    char id[320];
    eddy_status rc = EDDY_OK;
    for (size_t i = 0; !rc && i < s->unresumed.len; i++) rc = txn_abort_id(op, s, s->unresumed.items[i].id);
    int64_t from = s->restored == 0 ? 1 : s->legacy ? s->restored : s->restored + 1;
    for (int j = op->subtask; !rc && j < (s->old_par > op->parallelism ? s->old_par : op->parallelism);
         j += op->parallelism)
        for (int64_t c = from; !rc && c <= s->restored + 2; c++) {
            if (j == op->subtask && c == skip) continue;
            snprintf(id, sizeof id, "%s-%d-%lld", p->txn_prefix, j, (long long)c);
            rc = txn_abort_id(op, s, id);
        }
    return rc;
}

/* The open transaction (begun when the first record needs it). */
static eddy_status txn_begin(Op *op, KSink *s) {
    if (s->rk) return EDDY_OK;
    eddy_status rc = txn_clean(op, s, s->next_ckpt);
    if (rc) return rc;
    txn_name(op, s->next_ckpt, s->cur_id, sizeof s->cur_id);
    if ((rc = new_producer(op, s, s->cur_id, &s->rk))) return rc;
    /* the producer id the log reported while its transactions were
     * initialized (none: a plugin's log callback took the lines, or a
     * connection eddy__kafka_end_txn cannot use) */
    pthread_mutex_lock(&s->pid_mu);
    bool known = s->pid_rk == s->rk;
    s->cur_pid = known ? s->pid : -1;
    s->cur_epoch = known ? s->epoch : -1;
    pthread_mutex_unlock(&s->pid_mu);
    rd_kafka_error_t *e = rd_kafka_begin_transaction(s->rk);
    if (e) return txn_fail(op, "begin", s->cur_id, e);
    s->cur_dirty = false;
    return topic_partitions(op, s);
}

/* Commits a flushed transaction and frees its producer; a failure is
 * recorded on op (NULL: close, which records nothing). */
static eddy_status txn_commit(Op *op, KTxn *t) {
    eddy_status rc = EDDY_OK;
    for (int tries = 0;; tries++) {
        rd_kafka_error_t *e = rd_kafka_commit_transaction(t->rk, 6 * META_TIMEOUT_MS);
        if (!e) break;
        if (rd_kafka_error_is_retriable(e) && tries < 5 && !(op && eddy__op_cancelled(op))) {
            rd_kafka_error_destroy(e);
            continue;
        }
        if (op) {
            rc = txn_fail(op, "commit", t->id, e);
        } else {
            rd_kafka_error_destroy(e);
            rc = EDDY_E_IO;
        }
        break;
    }
    rd_kafka_destroy(t->rk);
    t->rk = NULL;
    return rc;
}

/* Aborts (best effort: the coordinator aborts it too when the next
 * producer of its id starts, or after the timeout) and frees a producer. */
static void txn_abort(rd_kafka_t *rk) {
    rd_kafka_error_t *e = rd_kafka_abort_transaction(rk, META_TIMEOUT_MS);
    if (e) rd_kafka_error_destroy(e);
    rd_kafka_destroy(rk);
}

/* Commits the prepared transactions of checkpoints up to `upto`, oldest first. */
static eddy_status txn_commit_upto(Op *op, KSink *s, int64_t upto) {
    size_t keep = 0;
    eddy_status rc = EDDY_OK;
    for (size_t i = 0; i < s->prepared.len; i++) {
        KTxn *t = &s->prepared.items[i];
        if (!rc && t->ckpt <= upto) rc = txn_commit(op, t);
        if (t->rk) s->prepared.items[keep++] = *t;
    }
    s->prepared.len = keep;
    return rc;
}

/* The record's bytes without the line end the formats add. */
static void chop_line(Buf *b) {
    if (b->len && b->data[b->len - 1] == '\n') b->len--;
    if (b->len && b->data[b->len - 1] == '\r') b->len--;
}

/* Row r's written metadata: its timestamp (NULL: the producer's clock) and
 * headers (NULL: none; a NULL header value is a header without one). */
static eddy_status sink_meta(Op *op, const Batch *b, uint32_t r, int64_t *ts, rd_kafka_headers_t **hs) {
    const KafkaPlan *p = op->plan;
    for (int k = 0; k < p->nmeta; k++) {
        const Vector *v = b->cols[p->nphys + k];
        if (vec_is_null(v, r)) continue;
        if (p->meta[k] == MK_TIMESTAMP) {
            *ts = VEC_DATA(v, Ts)[vidx(v, r)].ms;
            continue;
        }
        ListEntry le = VEC_DATA(v, ListEntry)[vidx(v, r)];
        if (!le.len) continue;
        if (!*hs && !(*hs = rd_kafka_headers_new(le.len))) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        for (uint32_t i = 0; i < le.len; i++) {
            uint32_t e = le.off + i;
            if (vec_is_null(v->child[0], e)) continue; /* Kafka headers have names */
            Str name = vec_str(v->child[0], e);
            bool nv = vec_is_null(v->child[1], e);
            Str val = nv ? (Str){NULL, 0} : vec_str(v->child[1], e);
            rd_kafka_header_add(*hs, name.p, (ssize_t)name.n, nv ? NULL : val.p, nv ? 0 : (ssize_t)val.n);
        }
    }
    return EDDY_OK;
}

static eddy_status ksink_push(Op *op, int input, Batch *b) {
    (void)input;
    const KafkaPlan *p = op->plan;
    KSink *s = op->state;
    EdErr *err = eddy__op_err(op);
    eddy_status brc = p->txn_prefix ? txn_begin(op, s) : EDDY_OK;
    if (brc) return brc;
    if (p->txn_prefix && b->count) s->cur_dirty = true;
    for (int i = 0; i < p->value.ncols; i++) s->vvecs[i] = b->cols[p->value.cols[i]];
    for (int i = 0; i < p->key.ncols; i++) s->kvecs[i] = b->cols[p->key.cols[i]];
    for (uint32_t i = 0; i < b->count; i++) {
        uint32_t r = batch_row(b, i);
        uint8_t kind = batch_kind(b, r);
        /* upsert-kafka writes -U and -D as tombstones, as Flink's
         * DynamicKafkaRecordSerializationSchema (the planner sends -U only
         * when the upsert key is not the primary key) */
        bool tombstone = p->upsert && (kind == RK_DELETE || kind == RK_UPDATE_BEFORE);
        eddy__buf_truncate(&s->val, 0);
        eddy__buf_truncate(&s->key, 0);
        eddy_status rc;
        s->run.kind = kind; /* what a changelog format writes */
        if (!tombstone && (rc = p->value.fp.vt->encode(&p->value.fp, &s->run, s->vvecs, r, &s->val, err))) return rc;
        if (p->key.on && (rc = p->key.fp.vt->encode(&p->key.fp, &s->run, s->kvecs, r, &s->key, err))) return rc;
        if (s->val.failed || s->key.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        if (!p->value.fp.vt->binary) chop_line(&s->val); /* avro: every byte is the datum's */
        if (p->key.on && !p->key.fp.vt->binary) chop_line(&s->key);
        int32_t part = RD_KAFKA_PARTITION_UA;
        if (p->partitioner == KP_FIXED) part = op->subtask % s->npart;
        else if (p->partitioner == KP_ROUND_ROBIN) part = (int32_t)(s->rr++ % (uint32_t)s->npart);
        int64_t ts = 0; /* 0: the producer's clock */
        rd_kafka_headers_t *hs = NULL;
        if (p->nmeta && (rc = sink_meta(op, b, r, &ts, &hs))) return rc;
        for (;;) {
            rd_kafka_resp_err_t e = rd_kafka_producev(
                s->rk, RD_KAFKA_V_TOPIC(p->topics[0]), RD_KAFKA_V_PARTITION(part),
                RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY),
                RD_KAFKA_V_VALUE(tombstone ? NULL : (s->val.data ? s->val.data : ""), tombstone ? 0 : s->val.len),
                RD_KAFKA_V_KEY(p->key.on ? (s->key.data ? s->key.data : "") : NULL, p->key.on ? s->key.len : 0),
                RD_KAFKA_V_TIMESTAMP(ts), RD_KAFKA_V_HEADERS(hs), RD_KAFKA_V_END);
            if (!e) hs = NULL; /* the producer owns them */
            if (e == RD_KAFKA_RESP_ERR__QUEUE_FULL) {
                rd_kafka_poll(s->rk, 100);
                if (s->failed) return delivery_error(op, s);
                if (eddy__op_cancelled(op)) return EDDY_E_CANCELLED;
                continue;
            }
            if (hs) rd_kafka_headers_destroy(hs);
            if (e) return eddy__op_fail(op, EDDY_E_IO, "Failed to send data to Kafka: %s", rd_kafka_err2str(e));
            break;
        }
    }
    rd_kafka_poll(s->rk, 0);
    return s->failed ? delivery_error(op, s) : EDDY_OK;
}

/* The sink's operator state, one element per prepared transaction and one
 * for the subtask: u8 version (2), i64 checkpoint, i32 subtask, i32
 * parallelism, i64 the transaction's checkpoint (0: the subtask's
 * element), i64 producer id, i16 epoch, then the transactional id. (The
 * format before transactions were kept: an i64 checkpoint alone.) */
#define TXN_STATE_HEAD 35

static eddy_status txn_state_add(Op *op, KSink *s, int64_t ckpt, const KTxn *t) {
    unsigned char b[TXN_STATE_HEAD + sizeof t->id];
    int32_t sub = op->subtask, par = op->parallelism;
    int64_t tc = t ? t->ckpt : 0, pid = t ? t->pid : -1;
    int16_t ep = t ? t->epoch : -1;
    size_t idl = t ? strlen(t->id) : 0;
    b[0] = 2;
    memcpy(b + 1, &ckpt, 8);
    memcpy(b + 9, &sub, 4);
    memcpy(b + 13, &par, 4);
    memcpy(b + 17, &tc, 8);
    memcpy(b + 25, &pid, 8);
    memcpy(b + 33, &ep, 2);
    if (idl) memcpy(b + TXN_STATE_HEAD, t->id, idl);
    return eddy__state_op_list_add(s->ck, b, (uint32_t)(TXN_STATE_HEAD + idl));
}

/* One element: false if it is not one of the sink's; *par 0 for the older
 * format. */
static bool txn_state_read(const void *e, uint32_t len, int64_t *snap, int *par, KTxn *t, bool *has_txn) {
    const unsigned char *b = e;
    memset(t, 0, sizeof *t);
    *has_txn = false;
    *par = 0;
    if (len == 8) {
        memcpy(snap, b, 8);
        return *snap > 0;
    }
    if (len < TXN_STATE_HEAD || b[0] != 2 || len - TXN_STATE_HEAD >= sizeof t->id) return false;
    int32_t p;
    memcpy(snap, b + 1, 8);
    memcpy(&p, b + 13, 4);
    memcpy(&t->ckpt, b + 17, 8);
    memcpy(&t->pid, b + 25, 8);
    memcpy(&t->epoch, b + 33, 2);
    memcpy(t->id, b + TXN_STATE_HEAD, len - TXN_STATE_HEAD);
    *par = p;
    *has_txn = t->ckpt > 0;
    return *snap > 0 && p > 0 && (!*has_txn || len > TXN_STATE_HEAD);
}

/* Checkpoint `ckpt`'s barrier: at-least-once waits for every delivery
 * (Flink's KafkaWriter flushes then); exactly-once also prepares the open
 * transaction for the checkpoint (Flink's prepareCommit: flushed, committed
 * when the checkpoint completes) and notes the checkpoint in the state. */
static eddy_status ksink_snapshot(Op *op, int64_t ckpt) {
    const KafkaPlan *p = op->plan;
    KSink *s = op->state;
    if (!p->txn_prefix) return p->flush_on_checkpoint ? flush_all(op, s, s->rk) : EDDY_OK;
    eddy_status rc = txn_clean(op, s, 0);
    if (!rc) rc = flush_all(op, s, s->rk);
    if (rc) return rc;
    if (s->rk && s->cur_dirty) {
        KTxn t = {s->rk, ckpt, s->cur_pid, s->cur_epoch, ""};
        memcpy(t.id, s->cur_id, sizeof t.id);
        if (!ed_vec_push(&s->prepared, t)) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    } else if (s->rk) {
        txn_abort(s->rk); /* nothing written: nothing to commit */
    }
    s->rk = NULL;
    s->next_ckpt = ckpt + 1;
    eddy__state_op_list_clear(s->ck);
    rc = txn_state_add(op, s, ckpt, NULL);
    for (size_t i = 0; !rc && i < s->prepared.len; i++) rc = txn_state_add(op, s, ckpt, &s->prepared.items[i]);
    return rc;
}

/* Restored from checkpoint n: its prepared transactions are committed
 * before anything initializes their ids (which would abort them) --
 * resumed with the producer id and epoch of the producer that prepared
 * them (eddy__kafka_end_txn), as the completed checkpoint needs their
 * records; those that cannot be resumed are aborted by txn_clean. The
 * next transaction belongs to checkpoint n+1. */
static eddy_status ksink_restore(Op *op) {
    const KafkaPlan *p = op->plan;
    KSink *s = op->state;
    uint32_t n = eddy__state_op_list_count(s->ck);
    ED_VEC(KTxn) rec = {0};
    eddy_status rc = EDDY_OK;
    for (uint32_t i = 0; !rc && i < n; i++) {
        const void *e;
        uint32_t len;
        eddy__state_op_list_at(s->ck, i, &e, &len);
        int64_t snap;
        int par;
        KTxn t;
        bool has_txn;
        if (!txn_state_read(e, len, &snap, &par, &t, &has_txn)) {
            rc = eddy__op_fail(op, EDDY_E_RUNTIME, "The state of the Kafka sink '%s' in the checkpoint is not valid.",
                               op->node->name);
            break;
        }
        if (snap > s->restored) s->restored = snap;
        if (par > s->old_par) s->old_par = par;
        if (!par) s->legacy = true;
        if (has_txn && !ed_vec_push(&rec, t)) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    for (size_t i = 0; !rc && i < rec.len; i++) {
        KTxn *t = &rec.items[i];
        if (t->pid < 0 || !resumable(p)) {
            if (!ed_vec_push(&s->unresumed, *t)) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            continue;
        }
        char why[512];
        if (eddy__kafka_end_txn(eddy__kafka_prop(p, "bootstrap.servers"), t->id, t->pid, t->epoch, true,
                                6 * META_TIMEOUT_MS, why, sizeof why) == KTXN_FAILED)
            rc = eddy__op_fail(op, EDDY_E_IO, "Failed to commit the Kafka transaction '%s': %s", t->id, why);
    }
    ed_vec_free(&rec);
    s->next_ckpt = s->restored + 1;
    return rc;
}

static eddy_status ksink_checkpoint_complete(Op *op, int64_t ckpt) {
    KSink *s = op->state;
    return txn_commit_upto(op, s, ckpt);
}

/* End of input: every record is delivered (or the job fails); exactly-once
 * commits with the job (ksink_commit). */
static eddy_status ksink_finish(Op *op) {
    const KafkaPlan *p = op->plan;
    KSink *s = op->state;
    eddy_status rc = p->txn_prefix ? txn_clean(op, s, 0) : EDDY_OK;
    return rc ? rc : flush_all(op, s, s->rk);
}

/* The job finished: every instance's transactions are committed, the
 * prepared ones first (Flink commits the last one with the final
 * checkpoint at the end of a bounded input). A cancelled job commits
 * nothing here: close commits what completed checkpoints cover. */
static eddy_status ksink_commit(Op *const *ops, int n, CommitKind kind) {
    if (kind != COMMIT_FINISHED) return EDDY_OK;
    for (int i = 0; i < n; i++) {
        KSink *s = ops[i]->state;
        if (!s) continue;
        eddy_status rc = txn_commit_upto(ops[i], s, INT64_MAX);
        if (!rc && s->rk && s->cur_dirty) {
            KTxn t = {.rk = s->rk, .pid = s->cur_pid, .epoch = s->cur_epoch};
            memcpy(t.id, s->cur_id, sizeof t.id);
            s->rk = NULL;
            rc = txn_commit(ops[i], &t);
        }
        if (rc) return rc;
        s->committed = true;
    }
    return EDDY_OK;
}

static void ksink_close(Op *op) {
    const KafkaPlan *p = op->plan;
    KSink *s = op->state;
    if (!s) return;
    if (p->txn_prefix) {
        /* a failed or cancelled run: the transactions of completed
         * checkpoints are committed (a restart restores the latest of
         * them, which needs its output), the others aborted */
        int64_t upto = s->committed ? 0 : eddy__op_checkpoint_completed(op);
        for (size_t i = 0; i < s->prepared.len; i++) {
            KTxn *t = &s->prepared.items[i];
            if (t->ckpt <= upto) txn_commit(NULL, t);
            else txn_abort(t->rk);
        }
        ed_vec_free(&s->prepared);
        ed_vec_free(&s->unresumed);
        if (s->rk) txn_abort(s->rk);
    } else if (s->rk) {
        rd_kafka_purge(s->rk, RD_KAFKA_PURGE_F_QUEUE | RD_KAFKA_PURGE_F_INFLIGHT);
        rd_kafka_flush(s->rk, 1000);
        rd_kafka_destroy(s->rk);
    }
    eddy__buf_free(&s->key);
    eddy__buf_free(&s->val);
    eddy__format_run_free(&s->run);
    eddy__free(s->kvecs);
    eddy__free(s->vvecs);
    pthread_mutex_destroy(&s->pid_mu);
    eddy__free(s);
}

const OpVtab eddy__op_kafka_sink = {.name = "Sink: Kafka",
                                    .open = ksink_open,
                                    .push_batch = ksink_push,
                                    .finish = ksink_finish,
                                    .snapshot = ksink_snapshot,
                                    .close = ksink_close};

/* exactly-once: two-phase commit on Kafka transactions */
const OpVtab eddy__op_kafka_txn_sink = {.name = "Sink: Kafka",
                                        .open = ksink_open,
                                        .push_batch = ksink_push,
                                        .finish = ksink_finish,
                                        .snapshot = ksink_snapshot,
                                        .restore = ksink_restore,
                                        .checkpoint_complete = ksink_checkpoint_complete,
                                        .commit = ksink_commit,
                                        .close = ksink_close};
