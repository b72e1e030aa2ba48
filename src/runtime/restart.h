/*
 * restart.h -- restart strategies (restart-strategy.type and its options,
 * Flink's names and defaults) and the delay before each restart.
 *
 *   none (off, disable, no_restart, norestart)  a task failure fails the job;
 *   fixed-delay (fixeddelay)   .attempts restarts (default 1), .delay apart
 *       (default 1 s);
 *   exponential-delay (exponentialdelay)  .initial-backoff (1 s) multiplied
 *       by .backoff-multiplier (1.5) after each failure up to .max-backoff
 *       (1 min), +/- .jitter-factor (0.1) of it; the backoff goes back to the
 *       initial one after .reset-backoff-threshold (1 h) without a failure;
 *       .attempts-before-reset-backoff (Integer.MAX_VALUE) restarts allowed
 *       between two resets;
 *   failure-rate (failurerate)  restarts .delay apart (default 1 s) as long
 *       as at most .max-failures-per-interval (1) failures fall within any
 *       .failure-rate-interval (1 min).
 * Without restart-strategy.type a job with checkpoints uses
 * exponential-delay, one without none (Flink's defaults).
 */
#ifndef EDDY_RESTART_H
#define EDDY_RESTART_H

#include "runtime/job.h"

#define RESTART_OPT_TYPE "restart-strategy.type"

/* Whether key is one of the restart-strategy options. */
bool eddy__restart_is_option(const char *key);
/* Sets one option on rs (validated: "Could not parse value 'v' for key 'k'."
 * EDDY_E_VALIDATION; an unknown strategy names the accepted ones). The first option set fills the
 * defaults of every other. */
eddy_status eddy__restart_set_option(RestartStrategy *rs, const char *key, const char *value, EdErr *err);
/* Resolves RESTART_DEFAULT for a job with or without checkpoints and fills
 * unset values with the defaults. */
void eddy__restart_resolve(RestartStrategy *rs, bool checkpointing);

/* The failover bookkeeping of one job. */
typedef struct RestartState {
    int64_t restarts;        /* restarts so far */
    int64_t since_reset;     /* exponential-delay: restarts since the last reset */
    int64_t backoff_ms;      /* exponential-delay: the current backoff (0: none yet) */
    int64_t last_failure_ms; /* monotonic ms of the last failure (0: none) */
    uint64_t rng;
    /* failure-rate: the monotonic ms of the latest failures, oldest first
     * (at most max-failures-per-interval + 1 of them) */
    int64_t *fail_ms;
    size_t nfail, capfail;
} RestartState;
/* Frees what st holds (st itself is the caller's). */
void eddy__restart_state_free(RestartState *st);
/* A task failed at monotonic time now_ms: whether the job may restart and
 * after how many ms (*delay_ms). When not, `why` gets Flink's
 * "Recovery is suppressed by <strategy>(...)". */
bool eddy__restart_next(const RestartStrategy *rs, RestartState *st, int64_t now_ms, int64_t *delay_ms, Buf *why);

#endif
