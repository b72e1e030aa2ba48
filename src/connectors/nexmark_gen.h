/*
 * nexmark_gen.h -- the Nexmark event generator: persons, auctions and bids
 * exactly as the reference generator of the nexmark benchmark makes them
 * (its Flink module), so that the same options give the same events.
 *
 * The model, in short. Events form one sequence, numbered by their index
 * k = 0, 1, 2, ... Event k has the id k + 2 (the reference starts its first
 * generator at event id 1 and event number 1) and the event number k + 1;
 * the id modulo the total proportion picks its kind (person, auction, bid),
 * the id seeds a java.util.Random from which every random field of the
 * event is drawn, and the event number fixes its time:
 *   base-time + (long)((k + 1) * (1e6 / first-event.rate)) / 1000   (ms).
 * So an event depends only on its index and the options, never on what was
 * generated before it: any subset of indexes can be generated in any order,
 * which is how parallel source instances split the work.
 *
 * Where the reference is not deterministic, eddy fixes the randomness (see
 * nexmark_gen.c): the URLs of the four hot channels and of the 10,000
 * numbered channels come from java.util.Random instances seeded with the
 * channel, not from unseeded ones.
 *
 * This header is shared by the 'nexmark' connector, its tests and the
 * hand-written baselines of bench/nexmark (which call the generator
 * directly, without the engine).
 */
#ifndef EDDY_NEXMARK_GEN_H
#define EDDY_NEXMARK_GEN_H

#include "types/vector.h"

enum { NEXMARK_PERSON = 0, NEXMARK_AUCTION = 1, NEXMARK_BID = 2 };

/* The generator's parameters: the connector's options, plus the constants
 * of the reference (in-flight auctions, active people). */
typedef struct NexmarkConfig {
    int64_t first_event_rate, next_event_rate; /* events per second, > 0 */
    int person_proportion, auction_proportion, bid_proportion;
    int avg_person_size, avg_auction_size, avg_bid_size; /* bytes */
    int hot_auction_ratio, hot_bidders_ratio, hot_sellers_ratio;
    int num_in_flight_auctions; /* 100 */
    int num_active_people;      /* 1000 */
    int64_t events_num;         /* 0 = unbounded */
    int64_t base_time;          /* ms since the epoch of event number 0 */
    /* derived by eddy__nexmark_config_finish */
    int total_proportion;
    double inter_event_delay_us;
    int64_t max_events;         /* events.num, or the reference's cap when 0 */
    size_t scratch_size;        /* bytes NexmarkEvent.scratch must hold */
} NexmarkConfig;

typedef struct NexmarkPerson {
    int64_t id;
    Str name, email_address, credit_card, city, state;
    int64_t date_time;
    Str extra;
} NexmarkPerson;

typedef struct NexmarkAuction {
    int64_t id;
    Str item_name, description;
    int64_t initial_bid, reserve, date_time, expires, seller, category;
    Str extra;
} NexmarkAuction;

typedef struct NexmarkBid {
    int64_t auction, bidder, price;
    Str channel, url;
    int64_t date_time;
    Str extra;
} NexmarkBid;

/* One generated event. Its strings point into `scratch` (a buffer of
 * config.scratch_size bytes the caller provides) or into static tables
 * (they live as long as the process: a bid's channel and url); they stay
 * valid until the next event is generated into the same scratch. */
typedef struct NexmarkEvent {
    int kind; /* NEXMARK_PERSON / _AUCTION / _BID */
    NexmarkPerson person;
    NexmarkAuction auction;
    NexmarkBid bid;
    char *scratch;
} NexmarkEvent;

/* The reference's defaults (first-event.rate 10000, proportions 1/3/46,
 * sizes 200/500/100 bytes, hot ratios 2/4/4, unbounded, base time 0). */
void eddy__nexmark_config_default(NexmarkConfig *c);
/* Derives the dependent fields after the options are set. Returns false
 * when the options cannot generate events (a rate <= 0, a negative
 * proportion or size, proportions summing to 0, a hot ratio <= 0). */
bool eddy__nexmark_config_finish(NexmarkConfig *c);

/* Generates event `index` (0-based) into ev. index < c->max_events. */
void eddy__nexmark_event(const NexmarkConfig *c, int64_t index, NexmarkEvent *ev);

/* Memory for n bytes of an event of `kind` (NULL: none; the scratch is
 * used then). */
typedef char *(*NexmarkAlloc)(void *ctx, int kind, size_t n);
/* As eddy__nexmark_event, but the event's `extra` string (the event's
 * padding, its longest string) is written into memory from alloc(ctx, kind, its
 * length + 6) -- 5 bytes of slack past the string's end -- rather than the
 * scratch: a source can generate it straight into its column. The same
 * event either way. */
void eddy__nexmark_event_to(const NexmarkConfig *c, int64_t index, NexmarkEvent *ev, NexmarkAlloc alloc, void *ctx);

/* The event time (ms) of event `index`. */
int64_t eddy__nexmark_event_time(const NexmarkConfig *c, int64_t index);

/* ---- java.util.Random ---------------------------------------------------------- */

/* java.util.Random's 48-bit linear congruential generator, bit for bit:
 * the generator's fields are drawn with its nextInt(bound), nextInt(),
 * nextLong() and nextDouble(). Exposed for the tests. */
typedef struct JavaRandom {
    uint64_t seed;
} JavaRandom;

void eddy__jrandom_init(JavaRandom *r, int64_t seed); /* new Random(seed) */
int32_t eddy__jrandom_next_int(JavaRandom *r);        /* nextInt() */
int32_t eddy__jrandom_next_int_bound(JavaRandom *r, int32_t bound); /* nextInt(bound), bound > 0 */
int64_t eddy__jrandom_next_long(JavaRandom *r);       /* nextLong() */
double eddy__jrandom_next_double(JavaRandom *r);      /* nextDouble() */

#endif
