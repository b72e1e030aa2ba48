/*
 * kafka_txn.h -- ending a Kafka transaction that another process prepared,
 * over a minimal client of the Kafka protocol of its own (librdkafka cannot
 * resume a transaction of another producer): FindCoordinator (v1, key type
 * TRANSACTION) to a bootstrap broker, then EndTxn (v1) with the producer id
 * and epoch the preparing producer had, to the coordinator. PLAINTEXT only
 * (the caller checks security.protocol). The exactly-once Kafka sink
 * (kafka.c) commits the transactions of a restored checkpoint with it.
 */
#ifndef EDDY_KAFKA_TXN_H
#define EDDY_KAFKA_TXN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum KTxnEnd {
    KTXN_DONE,     /* the coordinator ended the transaction */
    KTXN_FINISHED, /* the transaction is no longer open for that producer (see below); why says why */
    KTXN_FAILED,   /* why says what failed */
} KTxnEnd;

/* Ends transaction txn_id (producer pid, epoch): commits it when commit is
 * true. bootstrap is a bootstrap.servers list (host:port, [v6]:port,
 * optionally PROTO://). Retriable answers (no coordinator yet, coordinator
 * moved or loading, concurrent transactions, a broker unreachable) are
 * retried, the coordinator looked up again, until timeout_ms has passed.
 * INVALID_PRODUCER_EPOCH / PRODUCER_FENCED, INVALID_TXN_STATE and
 * UNKNOWN_PRODUCER_ID are KTXN_FINISHED: the transaction was ended before
 * (committed by the producer whose commit was not seen, or aborted, e.g. by
 * its timeout) -- the cases a committer of a recovered transaction treats
 * as known. Any other answer is KTXN_FAILED. why (n bytes) gets the
 * librdkafka text of the broker's error or what failed. */
KTxnEnd eddy__kafka_end_txn(const char *bootstrap, const char *txn_id, int64_t pid, int16_t epoch, bool commit,
                            int timeout_ms, char *why, size_t n);

#endif
