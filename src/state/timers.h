/*
 * timers.h -- the timer service of an operator instance (Flink's
 * InternalTimerService): event-time and processing-time timers per (key,
 * namespace), kept with the operator's state backend and snapshotted with it
 * by key group.
 *
 * A timer is (domain, timestamp, key, namespace); registering one that exists
 * changes nothing (Flink keeps one timer per (key, namespace, timestamp)).
 * The runtime fires them: event-time timers with timestamp <= the new
 * watermark before the watermark is forwarded (timers first, then the
 * watermark, as Flink's AbstractStreamOperator does), processing-time timers
 * when the clock has passed them. They fire in timestamp order; ties go by key
 * bytes, then namespace bytes (memcmp order, a shorter prefix first), so the
 * firing order does not depend on registration order or on the run. A timer
 * registered while timers fire, due already, fires in the same round.
 *
 * One thread at a time per service (its backend's thread).
 */
#ifndef EDDY_TIMERS_H
#define EDDY_TIMERS_H

#include "state/state.h"

typedef enum TimeDomain { TIME_EVENT = 0, TIME_PROCESSING = 1 } TimeDomain;

/* A timer handed out by eddy__timers_pop / eddy__timers_for_each. Its key and
 * namespace bytes are borrowed until the next call on the service. */
typedef struct Timer {
    TimeDomain domain;
    int64_t ts;
    StateKey key;
    StateNs ns;
} Timer;

typedef struct TimerService TimerService;

/* The timer service of backend be, created on the first call (EDDY_E_NOMEM /
 * memory budget errors in the backend's EdErr). Freed with the backend. */
eddy_status eddy__timers_get(StateBackend *be, TimerService **out);
/* The backend's timer service if one was created (NULL: no timer was ever
 * registered or restored) -- the runtime's cheap check. */
TimerService *eddy__timers_peek(StateBackend *be);

/* Registers a timer (idempotent). The key must be in the backend's key-group
 * range. */
eddy_status eddy__timers_register(TimerService *ts, TimeDomain d, const StateKey *k, StateNs ns, int64_t t);
/* Deletes a timer; nothing happens when there is none. */
eddy_status eddy__timers_delete(TimerService *ts, TimeDomain d, const StateKey *k, StateNs ns, int64_t t);
/* The earliest timestamp of domain d; false when there is no timer. */
bool eddy__timers_next_time(const TimerService *ts, TimeDomain d, int64_t *t);
/* Removes the earliest timer of domain d if its timestamp is <= limit and
 * hands it out in *out (true), else false. */
bool eddy__timers_pop(TimerService *ts, TimeDomain d, int64_t limit, Timer *out);
/* Number of timers of domain d. */
size_t eddy__timers_count(const TimerService *ts, TimeDomain d);
/* Calls fn for every timer of domain d, in firing order; fn must not register
 * or delete timers. Stops at (and returns) the first non-OK status. */
eddy_status eddy__timers_for_each(TimerService *ts, TimeDomain d, eddy_status (*fn)(void *ctx, const Timer *t),
                                  void *ctx);

#endif
