/*
 * nexmark_gen.c -- the Nexmark event generator (see nexmark_gen.h for the
 * model). Every field is drawn from a java.util.Random seeded with the event
 * id, in the order the reference draws them, with Java's integer semantics
 * (32-bit wrap, truncating division), Math.pow and Math.round, so the events
 * are the reference's, bit for bit.
 *
 * Two deliberate differences, both where the reference is not
 * deterministic: (1) the reference draws the URLs of its four hot channels
 * and of each numbered channel (and whether a channel's URL carries
 * "&channel_id=") from unseeded Random instances, so they differ from run to
 * run; eddy draws hot channel i's URL from new Random(-1 - i) and channel
 * n's from new Random(n), the same way otherwise. (2) The reference takes
 * its base time from the wall clock; the connector does too unless
 * 'base-time' is set (nexmark.c).
 *
 * Speed matters (the source must not be the bottleneck of a benchmark): no
 * allocation per event, strings are written into the caller's scratch
 * buffer, the channel table is built once per process.
 */
#include "connectors/nexmark_gen.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>

/* ---- java.util.Random ---------------------------------------------------------- */

#define JR_MULT 0x5DEECE66DULL
#define JR_ADD 0xBULL
#define JR_MASK ((1ULL << 48) - 1)

static inline void jr_init(JavaRandom *r, int64_t seed) { r->seed = ((uint64_t)seed ^ JR_MULT) & JR_MASK; }

/* Random.next(bits): the top `bits` of the next 48-bit state, as a Java int. */
static inline int32_t jr_next(JavaRandom *r, int bits) {
    r->seed = (r->seed * JR_MULT + JR_ADD) & JR_MASK;
    return (int32_t)(uint32_t)(r->seed >> (48 - bits));
}

static inline int32_t jr_int_bound(JavaRandom *r, int32_t bound) {
    if (ED_UNLIKELY(bound <= 0)) return 0; /* Java throws; options are validated before */
    int32_t x = jr_next(r, 31);
    int32_t m = bound - 1;
    if ((bound & m) == 0) return (int32_t)(((int64_t)bound * x) >> 31);
    /* reject the top partial range; the test overflows a Java int on purpose */
    for (int32_t u = x; (int32_t)((uint32_t)u - (uint32_t)(x = u % bound) + (uint32_t)m) < 0; u = jr_next(r, 31)) {
    }
    return x;
}

static inline int64_t jr_long(JavaRandom *r) {
    int64_t hi = jr_next(r, 32), lo = jr_next(r, 32);
    return (int64_t)(((uint64_t)hi << 32) + (uint64_t)lo);
}

static inline double jr_double(JavaRandom *r) {
    int64_t hi = jr_next(r, 26), lo = jr_next(r, 27);
    return (double)((hi << 27) + lo) * 0x1.0p-53;
}

void eddy__jrandom_init(JavaRandom *r, int64_t seed) { jr_init(r, seed); }
int32_t eddy__jrandom_next_int(JavaRandom *r) { return jr_next(r, 32); }
int32_t eddy__jrandom_next_int_bound(JavaRandom *r, int32_t bound) { return jr_int_bound(r, bound); }
int64_t eddy__jrandom_next_long(JavaRandom *r) { return jr_long(r); }
double eddy__jrandom_next_double(JavaRandom *r) { return jr_double(r); }

/* ---- Java arithmetic helpers ------------------------------------------------------------ */

/* Math.round(double): the closest long, ties towards positive infinity. */
static inline int64_t java_round(double a) {
    double f = floor(a);
    return (int64_t)f + (a - f >= 0.5 ? 1 : 0);
}

/* A random long in [0, n): an int draw when n fits one, else the
 * (skewed) |nextLong() % n|. */
static inline int64_t next_long_below(JavaRandom *r, int64_t n) {
    if (n < INT32_MAX) return jr_int_bound(r, (int32_t)n);
    int64_t x = jr_long(r) % n;
    return x < 0 ? -x : x;
}

/* A log-uniform price in cents: round(10^(6u) * 100). */
static inline int64_t next_price(JavaRandom *r) { return java_round(pow(10.0, jr_double(r) * 6.0) * 100.0); }

/* ---- strings ----------------------------------------------------------------------------- */

/* A string of 3 .. max_len-1 characters: lower-case letters, and `special`
 * with probability 1/13; leading and trailing spaces trimmed (Java's trim).
 * Written at *out; returns the view. */
static Str next_string(JavaRandom *r, int max_len, char special, char *out) {
    int len = 3 + jr_int_bound(r, max_len - 3);
    for (int i = 0; i < len; i++) out[i] = jr_int_bound(r, 13) == 0 ? special : (char)('a' + jr_int_bound(r, 26));
    int lo = 0, hi = len;
    while (lo < hi && out[lo] == ' ') lo++;
    while (hi > lo && out[hi - 1] == ' ') hi--;
    return (Str){out + lo, (size_t)(hi - lo)};
}

/* Jumping ahead: the state j steps after s is (jump_mul[j] * s +
 * jump_add[j]) mod 2^48, so the draws of one string can be computed
 * independently of each other instead of as a chain of dependent steps. */
#define JUMP_MAX 64
static uint64_t jump_mul[JUMP_MAX + 1], jump_add[JUMP_MAX + 1];

static void build_jumps(void) {
    jump_mul[0] = 1;
    jump_add[0] = 0;
    for (int j = 1; j <= JUMP_MAX; j++) {
        jump_mul[j] = (jump_mul[j - 1] * JR_MULT) & JR_MASK;
        jump_add[j] = (jump_add[j - 1] * JR_MULT + JR_ADD) & JR_MASK;
    }
}

/* Two base-26 digits as characters, for every value below 26^2: 'a' + d
 * (digits of a non-negative draw) in row 0, 'a' - d (of a negative one) in
 * row 1. Small enough to stay in the L1 cache. */
#define DIGITS2 676
static uint16_t digit_pairs[2][DIGITS2];

static void build_digits(void) {
    for (int v = 0; v < DIGITS2; v++) {
        uint8_t p[2] = {(uint8_t)('a' + v % 26), (uint8_t)('a' + v / 26)};
        uint8_t n[2] = {(uint8_t)('a' - v % 26), (uint8_t)('a' - v / 26)};
        memcpy(&digit_pairs[0][v], p, 2);
        memcpy(&digit_pairs[1][v], n, 2);
    }
}

/* `len` characters, six per nextInt(): 'a' + rnd % 26, then rnd /= 26,
 * with Java's truncating signed arithmetic (negative draws give characters
 * below 'a'). Truncation is symmetric, so a negative draw's characters are
 * 'a' minus the digits of its absolute value; the six digits are three
 * lookups of two, without a branch on the sign. The draws are computed
 * independently of each other by jumping ahead, not as a chain of
 * dependent steps. Writes up to 5 bytes past `len` (scratch slack). */
static void next_exact_string(JavaRandom *r, int64_t len, char *out) {
    while (len > 0) {
        int64_t chunk = ED_MIN(len, (int64_t)6 * JUMP_MAX);
        int m = (int)((chunk + 5) / 6);
        uint64_t s0 = r->seed;
        for (int j = 0; j < m; j++) {
            int32_t x = (int32_t)(uint32_t)(((s0 * jump_mul[j + 1] + jump_add[j + 1]) & JR_MASK) >> 16);
            uint32_t neg = (uint32_t)x >> 31;
            uint32_t u = ((uint32_t)x ^ (0u - neg)) + neg; /* |x|, also for INT_MIN */
            const uint16_t *t = digit_pairs[neg];
            uint32_t q1 = u / DIGITS2, q2 = q1 / DIGITS2;
            uint16_t c[3] = {t[u - q1 * DIGITS2], t[q1 - q2 * DIGITS2], t[q2 % DIGITS2]};
            memcpy(out + 6 * j, c, 6);
        }
        r->seed = (s0 * jump_mul[m] + jump_add[m]) & JR_MASK;
        out += chunk;
        len -= chunk;
    }
}

/* Where an event's `extra` goes: the caller's memory (alloc; NULL: the
 * scratch at `out`). */
typedef struct ExtraOut {
    NexmarkAlloc alloc;
    void *ctx;
    int kind;
} ExtraOut;

/* Padding so that current_size + its length averages `avg` (+-20%). */
static Str next_extra(JavaRandom *r, int current_size, int avg, char *out, const ExtraOut *xo) {
    if (current_size > avg) return (Str){out, 0};
    int desired = avg - current_size;
    int delta = (int)java_round(desired * 0.2);
    int size = desired - delta + (delta == 0 ? 0 : jr_int_bound(r, 2 * delta));
    char *to = xo && xo->alloc ? xo->alloc(xo->ctx, xo->kind, (size_t)size + 6) : NULL;
    if (!to) to = out;
    next_exact_string(r, size, to);
    return (Str){to, (size_t)size};
}

/* ---- channels ---------------------------------------------------------------------------- */

#define CHANNELS 10000
#define HOT_CHANNELS 4
#define URL_CAP 96

static const char *const hot_channel_names[HOT_CHANNELS] = {"Google", "Facebook", "Baidu", "Apple"};

typedef struct ChannelTable {
    char name[CHANNELS][16];
    uint8_t name_len[CHANNELS];
    char url[CHANNELS + HOT_CHANNELS][URL_CAP];
    uint8_t url_len[CHANNELS + HOT_CHANNELS];
} ChannelTable;

static ChannelTable channels;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* "https://www.nexmark.com/xxx/xxx/xxx/item.htm?query=1", three random
 * 3-4 letter directories in which '_' stands in for spaces. */
static int base_url(JavaRandom *r, char *out) {
    int n = snprintf(out, URL_CAP, "https://www.nexmark.com/");
    char part[8];
    for (int i = 0; i < 3; i++) {
        Str s = next_string(r, 5, '_', part);
        memcpy(out + n, s.p, s.n);
        n += (int)s.n;
        out[n++] = '/';
    }
    n += snprintf(out + n, (size_t)(URL_CAP - n), "item.htm?query=1");
    return n;
}

static uint32_t reverse_bits(uint32_t x) {
    uint32_t y = 0;
    for (int i = 0; i < 32; i++, x >>= 1) y = (y << 1) | (x & 1);
    return y;
}

static void build_tables(void) {
    build_jumps();
    build_digits();
    JavaRandom r;
    for (int i = 0; i < HOT_CHANNELS; i++) {
        jr_init(&r, -1 - i);
        channels.url_len[CHANNELS + i] = (uint8_t)base_url(&r, channels.url[CHANNELS + i]);
    }
    for (int c = 0; c < CHANNELS; c++) {
        channels.name_len[c] = (uint8_t)snprintf(channels.name[c], sizeof channels.name[c], "channel-%d", c);
        jr_init(&r, c);
        char *u = channels.url[c];
        int n = base_url(&r, u);
        if (jr_int_bound(&r, 10) > 0) {
            /* Math.abs(Integer.reverse(c)): a Java int, so abs(MIN_VALUE) stays negative */
            int32_t rev = (int32_t)reverse_bits((uint32_t)c);
            int64_t id = rev == INT32_MIN ? rev : (rev < 0 ? -(int64_t)rev : rev);
            n += snprintf(u + n, (size_t)(URL_CAP - n), "&channel_id=%lld", (long long)id);
        }
        channels.url_len[c] = (uint8_t)n;
    }
}

/* ---- configuration ----------------------------------------------------------------------- */

void eddy__nexmark_config_default(NexmarkConfig *c) {
    memset(c, 0, sizeof *c);
    c->first_event_rate = c->next_event_rate = 10000;
    c->person_proportion = 1;
    c->auction_proportion = 3;
    c->bid_proportion = 46;
    c->avg_person_size = 200;
    c->avg_auction_size = 500;
    c->avg_bid_size = 100;
    c->hot_auction_ratio = 2;
    c->hot_bidders_ratio = 4;
    c->hot_sellers_ratio = 4;
    c->num_in_flight_auctions = 100;
    c->num_active_people = 1000;
}

bool eddy__nexmark_config_finish(NexmarkConfig *c) {
    if (c->first_event_rate <= 0 || c->next_event_rate <= 0) return false;
    if (c->person_proportion < 0 || c->auction_proportion < 0 || c->bid_proportion < 0) return false;
    int64_t total = (int64_t)c->person_proportion + c->auction_proportion + c->bid_proportion;
    if (total <= 0 || total > INT32_MAX) return false;
    if (c->avg_person_size < 0 || c->avg_auction_size < 0 || c->avg_bid_size < 0) return false;
    if (c->hot_auction_ratio <= 0 || c->hot_bidders_ratio <= 0 || c->hot_sellers_ratio <= 0) return false;
    if (c->events_num < 0) return false;
    c->total_proportion = (int)total;
    /* one timeline: the reference's delay with a single generator */
    c->inter_event_delay_us = 1000000.0 / (double)c->first_event_rate;
    int max_size = ED_MAX(ED_MAX(c->avg_person_size, c->avg_auction_size), c->avg_bid_size);
    c->max_events = c->events_num ? c->events_num : INT64_MAX / (total * (max_size ? max_size : 1));
    /* the longest extra is about 1.2 x the average size; 512 bytes hold
     * every other string of an event */
    c->scratch_size = 512 + (size_t)max_size + (size_t)max_size / 4 + 32;
    pthread_once(&tables_once, build_tables);
    return true;
}

/* Time of event number n (the index + 1). */
static inline int64_t time_of_number(const NexmarkConfig *c, int64_t n) {
    return c->base_time + (int64_t)((double)n * c->inter_event_delay_us) / 1000;
}

int64_t eddy__nexmark_event_time(const NexmarkConfig *c, int64_t index) { return time_of_number(c, index + 1); }

/* ---- ids ----------------------------------------------------------------------------------- */

#define FIRST_PERSON_ID 1000
#define FIRST_AUCTION_ID 1000
#define FIRST_CATEGORY_ID 10
#define NUM_CATEGORIES 5
#define PERSON_ID_LEAD 10
#define AUCTION_ID_LEAD 10
#define HOT_RATIO_BATCH 100 /* hot sellers / bidders / auctions: first of each 100 */

/* The last person id (0-based) generated at or before event id `id`. */
static inline int64_t last_person(const NexmarkConfig *c, int64_t id) {
    int64_t epoch = id / c->total_proportion, offset = id % c->total_proportion;
    if (offset >= c->person_proportion) offset = c->person_proportion - 1;
    return epoch * c->person_proportion + offset;
}

/* The last auction id (0-based) generated at or before event id `id`. */
static inline int64_t last_auction(const NexmarkConfig *c, int64_t id) {
    int64_t epoch = id / c->total_proportion, offset = id % c->total_proportion;
    if (offset < c->person_proportion) {
        epoch--;
        offset = c->auction_proportion - 1;
    } else if (offset >= c->person_proportion + c->auction_proportion) {
        offset = c->auction_proportion - 1;
    } else {
        offset -= c->person_proportion;
    }
    return epoch * c->auction_proportion + offset;
}

/* A random active person (0-based), possibly a few ahead of the last. */
static inline int64_t random_person(const NexmarkConfig *c, JavaRandom *r, int64_t id) {
    int64_t people = last_person(c, id) + 1;
    int64_t active = ED_MIN(people, (int64_t)c->num_active_people);
    return people - active + next_long_below(r, active + PERSON_ID_LEAD);
}

/* With probability 1 - 1/ratio a hot person: the first of the last batch
 * of 100 people plus `offset` (sellers take the first, bidders the second,
 * so that they differ); else a random active person. */
static inline int64_t hot_or_random_person(const NexmarkConfig *c, JavaRandom *r, int64_t id, int ratio,
                                           int offset) {
    if (jr_int_bound(r, ratio) > 0) return (last_person(c, id) / HOT_RATIO_BATCH) * HOT_RATIO_BATCH + offset;
    return random_person(c, r, id);
}

/* A random auction (0-based) among those likely in flight, plus a few ahead. */
static inline int64_t random_auction(const NexmarkConfig *c, JavaRandom *r, int64_t id) {
    int64_t max = last_auction(c, id);
    int64_t min = ED_MAX(max - c->num_in_flight_auctions, (int64_t)0);
    return min + next_long_below(r, max - min + 1 + AUCTION_ID_LEAD);
}

/* ---- events ------------------------------------------------------------------------------- */

static const char *const first_names[] = {"Peter", "Paul",  "Luke",  "John",   "Saul",  "Vicky",
                                          "Kate",  "Julie", "Sarah", "Deiter", "Walter"};
static const char *const last_names[] = {"Shultz", "Abrams", "Spencer", "White", "Bartels",
                                         "Walton", "Smith",  "Jones",   "Noris"};
static const char *const cities[] = {"Phoenix", "Los Angeles", "San Francisco", "Boise", "Portland",
                                     "Bend",    "Redmond",     "Seattle",       "Kent",  "Cheyenne"};
static const char *const states[] = {"AZ", "CA", "ID", "OR", "WA", "WY"};

static inline Str cstr(const char *s) { return (Str){s, strlen(s)}; }

static void gen_person(const NexmarkConfig *c, int64_t id, JavaRandom *r, int64_t ts, NexmarkEvent *ev,
                       const ExtraOut *xo) {
    NexmarkPerson *p = &ev->person;
    char *o = ev->scratch;
    p->id = last_person(c, id) + FIRST_PERSON_ID;
    const char *first = first_names[jr_int_bound(r, (int32_t)ED_ARRAY_LEN(first_names))];
    const char *last = last_names[jr_int_bound(r, (int32_t)ED_ARRAY_LEN(last_names))];
    int n = snprintf(o, 32, "%s %s", first, last);
    p->name = (Str){o, (size_t)n};
    o += 32;
    /* email: <string of 3-6>@<string of 3-4>.com */
    Str user = next_string(r, 7, ' ', o);
    char *e = o + 16;
    memcpy(e, user.p, user.n);
    size_t en = user.n;
    e[en++] = '@';
    Str host = next_string(r, 5, ' ', e + en);
    memmove(e + en, host.p, host.n);
    en += host.n;
    memcpy(e + en, ".com", 4);
    en += 4;
    p->email_address = (Str){e, en};
    o += 48;
    n = 0;
    for (int i = 0; i < 4; i++) n += snprintf(o + n, 8, i ? " %04d" : "%04d", jr_int_bound(r, 10000));
    p->credit_card = (Str){o, (size_t)n};
    o += 24;
    p->city = cstr(cities[jr_int_bound(r, (int32_t)ED_ARRAY_LEN(cities))]);
    p->state = cstr(states[jr_int_bound(r, (int32_t)ED_ARRAY_LEN(states))]);
    int size = 8 + (int)(p->name.n + p->email_address.n + p->credit_card.n + p->city.n + p->state.n);
    p->extra = next_extra(r, size, c->avg_person_size, o, xo);
    p->date_time = ts;
}

static void gen_auction(const NexmarkConfig *c, int64_t index, int64_t id, JavaRandom *r, int64_t ts,
                        NexmarkEvent *ev, const ExtraOut *xo) {
    NexmarkAuction *a = &ev->auction;
    char *o = ev->scratch;
    a->id = last_auction(c, id) + FIRST_AUCTION_ID;
    a->seller = hot_or_random_person(c, r, id, c->hot_sellers_ratio, 0) + FIRST_PERSON_ID;
    a->category = FIRST_CATEGORY_ID + jr_int_bound(r, NUM_CATEGORIES);
    a->initial_bid = next_price(r);
    /* length: uniform up to twice the time until numInFlightAuctions more
     * auctions have been generated */
    int64_t ahead = ((int64_t)c->num_in_flight_auctions * c->total_proportion) / c->auction_proportion;
    int64_t horizon = time_of_number(c, index + 1 + ahead) - ts;
    a->expires = ts + 1 + next_long_below(r, ED_MAX(horizon * 2, (int64_t)1));
    a->item_name = next_string(r, 20, ' ', o);
    o += 24;
    a->description = next_string(r, 100, ' ', o);
    o += 104;
    a->reserve = a->initial_bid + next_price(r);
    int size = 8 + (int)(a->item_name.n + a->description.n) + 8 + 8 + 8 + 8 + 8;
    a->extra = next_extra(r, size, c->avg_auction_size, o, xo);
    a->date_time = ts;
}

static void gen_bid(const NexmarkConfig *c, int64_t id, JavaRandom *r, int64_t ts, NexmarkEvent *ev,
                    const ExtraOut *xo) {
    NexmarkBid *b = &ev->bid;
    int64_t auction;
    if (jr_int_bound(r, c->hot_auction_ratio) > 0)
        auction = (last_auction(c, id) / HOT_RATIO_BATCH) * HOT_RATIO_BATCH;
    else
        auction = random_auction(c, r, id);
    b->auction = auction + FIRST_AUCTION_ID;
    int64_t bidder = hot_or_random_person(c, r, id, c->hot_bidders_ratio, 1);
    b->price = next_price(r);
    int slot;
    if (jr_int_bound(r, 2) > 0) {
        int h = jr_int_bound(r, HOT_CHANNELS);
        b->channel = cstr(hot_channel_names[h]);
        slot = CHANNELS + h;
    } else {
        slot = jr_int_bound(r, CHANNELS);
        b->channel = (Str){channels.name[slot], channels.name_len[slot]};
    }
    b->url = (Str){channels.url[slot], channels.url_len[slot]};
    /* the reference adds the person id offset twice to bidders */
    b->bidder = bidder + 2 * FIRST_PERSON_ID;
    b->extra = next_extra(r, 8 + 8 + 8 + 8, c->avg_bid_size, ev->scratch, xo);
    b->date_time = ts;
}

void eddy__nexmark_event(const NexmarkConfig *c, int64_t index, NexmarkEvent *ev) {
    eddy__nexmark_event_to(c, index, ev, NULL, NULL);
}

void eddy__nexmark_event_to(const NexmarkConfig *c, int64_t index, NexmarkEvent *ev, NexmarkAlloc alloc, void *ctx) {
    ExtraOut xo = {alloc, ctx, 0};
    int64_t id = index + 2; /* first event id 1 + first event number 1 */
    int64_t ts = time_of_number(c, index + 1);
    JavaRandom r;
    jr_init(&r, id);
    int64_t rem = id % c->total_proportion;
    if (rem < c->person_proportion) {
        ev->kind = xo.kind = NEXMARK_PERSON;
        gen_person(c, id, &r, ts, ev, &xo);
    } else if (rem < c->person_proportion + c->auction_proportion) {
        ev->kind = xo.kind = NEXMARK_AUCTION;
        gen_auction(c, index, id, &r, ts, ev, &xo);
    } else {
        ev->kind = xo.kind = NEXMARK_BID;
        gen_bid(c, id, &r, ts, ev, &xo);
    }
}
