/*
 * stateful.c -- hand-written C baselines of the stateful Nexmark queries
 * for bench_nexmark: q3, q4, q9, q15, q16, q17, q18, q19 and q20 (updating
 * tables: joins, group aggregations with COUNT(DISTINCT), Top-N and
 * deduplication) and q5, q7 and q8 (event-time windows). This file is
 * #included by bench/nexmark.c after its row checksums (RowHash); it lives
 * in bench/nexmark/ because every .c file in bench/ is a program of its own.
 *
 * Each baseline is what a competent C programmer would write for the query
 * by hand: one single-threaded streaming loop over the generated events
 * (the same generator calls as the engine's source), open-addressing hash
 * tables over exactly the columns the query needs, no engine. It keeps the
 * state the streaming SQL semantics require (an unbounded join keeps both
 * inputs, since a match may arrive at any time; an aggregation one row per
 * group), emits the changelog rows those semantics produce (counted by
 * kind: +I, -U, +U, -D, their values touched as a blackhole would), and at
 * the end gives the final result table -- for an insert-only query the rows
 * it emitted, for an updating one the aggregation's final rows -- to a Sink
 * that hashes it (order-independently) the way the harness hashes eddy's
 * collected rows.
 *
 * Windows follow Flink's window table functions over the DDL's event time:
 * windows are aligned to the epoch, [start, end) with the window's rows, a
 * window fires when the watermark (the largest event time seen, minus the
 * DDL's 4 s) reaches end - 1, and rows of a window that has fired are late
 * and dropped; the end of the input fires every window left. The generator
 * emits events in time order, so no row is ever late here.
 */

/* ---- result sinks ------------------------------------------------------------------------ */

enum { KIND_INSERT, KIND_UPDATE_BEFORE, KIND_UPDATE_AFTER, KIND_DELETE };

/* Where a baseline's rows go: the final result table (hashed in the mode
 * the caller asked for) and the count of the changelog rows per kind. */
typedef struct Sink {
    bool full;        /* final rows: Row.toString text (else touched only) */
    ColSums *sums;    /* final rows: per-column sums (--checksums), or NULL */
    uint64_t rows, sum;
    uint64_t kinds[4];
    uint64_t touched; /* the changelog rows' values, so they are computed */
    RowHash r;
} Sink;

/* A row of the final table starts (the fields follow as rh_* calls). */
static inline RowHash *table_row(Sink *s) {
    rh_begin(&s->r, s->full);
    s->r.sums = s->sums;
    return &s->r;
}

static inline void table_row_end(Sink *s) {
    s->rows++;
    s->sum += s->r.h;
}

/* A row of an insert-only result: a final row and an +I. */
static inline void insert_row_end(Sink *s) {
    table_row_end(s);
    s->kinds[KIND_INSERT]++;
}

/* A changelog row of an updating result (never part of the checksum). */
static inline RowHash *log_row(Sink *s) {
    rh_begin(&s->r, false);
    return &s->r;
}

static inline void log_row_end(Sink *s, int kind) {
    s->kinds[kind]++;
    s->touched += s->r.h;
}

/* ---- state: a chunked arena and open-addressing tables --------------------------------- */

/* Records: records of variable size, 4-byte aligned, in 4 MB chunks; a record is
 * named by its offset / 4 (so 32 bits name 16 GB), 0 names none. */
#define RECORDS_CHUNK ((size_t)4 << 20)

typedef struct Records {
    char **chunk;
    size_t n, cap, used; /* chunks; bytes used in the last one */
    size_t bytes;        /* bytes of all records */
} Records;

static uint32_t records_new(Records *a, size_t bytes, char **at) {
    bytes = (bytes + 3) & ~(size_t)3;
    if (!a->n || a->used + bytes > RECORDS_CHUNK) {
        if (a->n == a->cap) a->chunk = realloc(a->chunk, (a->cap = a->cap ? a->cap * 2 : 16) * sizeof *a->chunk);
        if (!a->chunk || !(a->chunk[a->n++] = malloc(RECORDS_CHUNK)) || a->n * RECORDS_CHUNK >= ((size_t)4 << 32)) {
            fprintf(stderr, "bench_nexmark: out of memory for a baseline's state\n");
            exit(3);
        }
        a->used = a->n == 1 ? 4 : 0; /* offset 0 is "none" */
    }
    *at = a->chunk[a->n - 1] + a->used;
    size_t off = (a->n - 1) * RECORDS_CHUNK + a->used;
    a->used += bytes;
    a->bytes += bytes;
    return (uint32_t)(off >> 2);
}

static inline char *records_at(const Records *a, uint32_t ref) {
    size_t off = (size_t)ref << 2;
    return a->chunk[off / RECORDS_CHUNK] + off % RECORDS_CHUNK;
}

static void records_free(Records *a) {
    for (size_t i = 0; i < a->n; i++) free(a->chunk[i]);
    free(a->chunk);
    memset(a, 0, sizeof *a);
}

static inline char *put_i64(char *p, int64_t v) {
    memcpy(p, &v, 8);
    return p + 8;
}
static inline const char *get_i64(const char *p, int64_t *v) {
    memcpy(v, p, 8);
    return p + 8;
}
/* A string with a 2-byte length (the generator's are below 1 KB). */
static inline char *put_str(char *p, Str s) {
    uint16_t n = (uint16_t)s.n;
    if (s.n > UINT16_MAX) {
        fprintf(stderr, "bench_nexmark: a string of %zu bytes in a baseline's state\n", s.n);
        exit(3);
    }
    memcpy(p, &n, 2);
    memcpy(p + 2, s.p, s.n);
    return p + 2 + s.n;
}
static inline const char *get_str(const char *p, Str *s) {
    uint16_t n;
    memcpy(&n, p, 2);
    *s = (Str){p + 2, n};
    return p + 2 + n;
}

/* An open-addressing table (linear probing, power-of-two capacity, at most
 * 3/4 full) of fixed-size slots whose first `nkey` int64s (1 or 2) are the
 * key; a slot whose first key is TABLE_EMPTY is free (no key of these
 * queries is INT64_MIN). Slots are zero but for the key when inserted. */
#define TABLE_EMPTY INT64_MIN

typedef struct Table {
    char *slot;
    size_t size;  /* bytes per slot, a multiple of 8 */
    int nkey;
    int shift;    /* 64 - log2(capacity) */
    size_t mask;  /* capacity - 1 */
    uint64_t keys;
} Table;

/* The probes are inlined into each caller, where slot size and key count are constants. */
#define TABLE_INLINE static inline __attribute__((always_inline))

TABLE_INLINE size_t table_hash(const Table *t, int64_t k0, int64_t k1) {
    uint64_t h = (uint64_t)k0 * 0x9E3779B97F4A7C15ULL;
    if (t->nkey == 2) h = (h ^ (h >> 29) ^ (uint64_t)k1) * 0xBF58476D1CE4E5B9ULL;
    return (size_t)(h >> t->shift);
}

static void table_init(Table *t, size_t slot_size, int nkey, int log2_cap) {
    t->size = slot_size;
    t->nkey = nkey;
    t->shift = 64 - log2_cap;
    t->mask = ((size_t)1 << log2_cap) - 1;
    t->keys = 0;
    t->slot = malloc((t->mask + 1) * slot_size);
    if (!t->slot) {
        fprintf(stderr, "bench_nexmark: out of memory for a baseline's state\n");
        exit(3);
    }
    for (size_t i = 0; i <= t->mask; i++) *(int64_t *)(t->slot + i * slot_size) = TABLE_EMPTY;
}

static void table_free(Table *t) {
    free(t->slot);
    t->slot = NULL;
}

static inline size_t table_bytes(const Table *t) { return (t->mask + 1) * t->size; }

static inline int64_t *table_at(const Table *t, size_t i) { return (int64_t *)(t->slot + i * t->size); }

/* The slot of key (k0, k1), or NULL. */
TABLE_INLINE int64_t *table_get(const Table *t, int64_t k0, int64_t k1) {
    for (size_t i = table_hash(t, k0, k1);; i = (i + 1) & t->mask) {
        int64_t *s = table_at(t, i);
        if (s[0] == TABLE_EMPTY) return NULL;
        if (s[0] == k0 && (t->nkey == 1 || s[1] == k1)) return s;
    }
}

static void table_grow(Table *t) {
    Table old = *t;
    table_init(t, old.size, old.nkey, 64 - old.shift + 1);
    for (size_t i = 0; i <= old.mask; i++) {
        int64_t *s = table_at(&old, i);
        if (s[0] == TABLE_EMPTY) continue;
        size_t j = table_hash(t, s[0], s[1]);
        while (table_at(t, j)[0] != TABLE_EMPTY) j = (j + 1) & t->mask;
        memcpy(table_at(t, j), s, t->size);
    }
    t->keys = old.keys;
    table_free(&old);
}

/* The slot of key (k0, k1), inserted (zero but for the key) when missing;
 * *fresh says which. */
TABLE_INLINE int64_t *table_put(Table *t, int64_t k0, int64_t k1, bool *fresh) {
    if (ED_UNLIKELY((t->keys + 1) * 4 > (t->mask + 1) * 3)) table_grow(t); /* before: the key may be new */
    for (size_t i = table_hash(t, k0, k1);; i = (i + 1) & t->mask) {
        int64_t *s = table_at(t, i);
        if (s[0] == k0 && (t->nkey == 1 || s[1] == k1)) {
            *fresh = false;
            return s;
        }
        if (s[0] != TABLE_EMPTY) continue;
        memset(s, 0, t->size);
        s[0] = k0;
        if (t->nkey == 2) s[1] = k1;
        t->keys++;
        *fresh = true;
        return s;
    }
}

/* A multimap: int64 key -> the records stored under it, in arrival order
 * (a slot holds the key and its first and last record; each record starts
 * with the 4-byte name of the next). A join's state for one input. */
typedef struct MultiMap {
    Table index; /* slots: key, head << 32 | tail */
    Records rec;
    uint64_t rows;
} MultiMap;

static void mm_init(MultiMap *m) {
    memset(m, 0, sizeof *m);
    table_init(&m->index, 16, 1, 10);
}

static void mm_free(MultiMap *m) {
    table_free(&m->index);
    records_free(&m->rec);
}

/* A new record of `bytes` (after its 4-byte link) under key; returns where
 * its fields go (mm_add_ref: and the record's name). */
static inline char *mm_add_ref(MultiMap *m, int64_t key, size_t bytes, uint32_t *out) {
    char *p;
    uint32_t ref = records_new(&m->rec, 4 + bytes, &p);
    *out = ref;
    memset(p, 0, 4);
    bool fresh;
    int64_t *s = table_put(&m->index, key, 0, &fresh);
    uint64_t links = (uint64_t)s[1];
    if (fresh) links = (uint64_t)ref << 32;
    else memcpy(records_at(&m->rec, (uint32_t)links), &ref, 4); /* the old tail links to it */
    s[1] = (int64_t)((links & 0xFFFFFFFF00000000ULL) | ref);
    m->rows++;
    return p + 4;
}

static inline char *mm_add(MultiMap *m, int64_t key, size_t bytes) {
    uint32_t ref;
    return mm_add_ref(m, key, bytes, &ref);
}

/* The first record under key (0 = none), the one after `ref`, and a record's fields. */
static inline uint32_t mm_first(const MultiMap *m, int64_t key) {
    const int64_t *s = table_get(&m->index, key, 0);
    return s ? (uint32_t)((uint64_t)s[1] >> 32) : 0;
}
static inline uint32_t mm_next(const MultiMap *m, uint32_t ref) {
    uint32_t next;
    memcpy(&next, records_at(&m->rec, ref), 4);
    return next;
}
static inline const char *mm_fields(const MultiMap *m, uint32_t ref) { return records_at(&m->rec, ref) + 4; }

static inline size_t mm_bytes(const MultiMap *m) { return table_bytes(&m->index) + m->rec.bytes; }

/* One state table's line in the stats: name, slot bytes, keys, rows (when
 * a key has several), bytes (its table's slots and the records it keeps),
 * bytes per key. */
static void stat_table(HwStats *st, const char *name, size_t slot, size_t bytes, uint64_t keys, uint64_t rows) {
    size_t n = strlen(st->state);
    char r[64] = "";
    if (rows != keys)
        snprintf(r, sizeof r, ", %llu rows (%.0f B/row)", (unsigned long long)rows, rows ? (double)bytes / (double)rows : 0.0);
    snprintf(st->state + n, sizeof st->state - n, "%s%s (%zu B slots): %llu keys%s, %.1f MB, %.0f B/key", n ? "; " : "",
             name, slot, (unsigned long long)keys, r, (double)bytes / 1e6, keys ? (double)bytes / (double)keys : 0.0);
}

/* The line of a join input's multimap. */
static void stat_mm(HwStats *st, const char *name, const MultiMap *m) {
    stat_table(st, name, m->index.size, mm_bytes(m), m->index.keys, m->rows);
}

/* The line of an aggregation's table. */
static void stat_agg(HwStats *st, const char *name, const Table *t) {
    stat_table(st, name, t->size, table_bytes(t), t->keys, t->keys);
}

/* ---- the event loop ------------------------------------------------------------------------- */

#define WATERMARK_DELAY_MS 4000 /* ddl.sql: WATERMARK FOR dateTime AS dateTime - INTERVAL '4' SECOND */

/* The window of `size` ms (aligned to the epoch) that holds ts. */
static inline int64_t window_of(int64_t ts, int64_t size) {
    int64_t r = ts % size;
    return ts - (r < 0 ? r + size : r);
}

static inline int64_t event_time(const NexmarkEvent *ev) {
    return ev->kind == NEXMARK_PERSON ? ev->person.date_time
           : ev->kind == NEXMARK_AUCTION ? ev->auction.date_time : ev->bid.date_time;
}

/* ---- q3: auctions of category 10 JOIN their sellers in OR, ID, CA ------------------------- */

static bool q3_state(Str s) {
    return s.n == 2 && ((s.p[0] == 'O' && s.p[1] == 'R') || (s.p[0] == 'I' && s.p[1] == 'D') ||
                        (s.p[0] == 'C' && s.p[1] == 'A'));
}

/* A result row: P.name, P.city, P.state, A.id, from a stored person record. */
static void q3_emit(Sink *s, const char *person, int64_t auction) {
    Str name, city, state;
    person = get_str(get_str(person, &name), &city);
    get_str(person, &state);
    RowHash *r = table_row(s);
    rh_str(r, name.p, name.n);
    rh_str(r, city.p, city.n);
    rh_str(r, state.p, state.n);
    rh_long(r, auction);
    insert_row_end(s);
}

/* Both inputs are kept (filtered, projected): persons by id (name, city,
 * state), auctions by seller (id); each arrival probes the other side. */
static void q3(const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    MultiMap persons, auctions;
    mm_init(&persons);
    mm_init(&auctions);
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, ev);
        if (ev->kind == NEXMARK_PERSON && q3_state(ev->person.state)) {
            const NexmarkPerson *p = &ev->person;
            char *f = mm_add(&persons, p->id, 6 + p->name.n + p->city.n + p->state.n);
            put_str(put_str(put_str(f, p->name), p->city), p->state);
            for (uint32_t a = mm_first(&auctions, p->id); a; a = mm_next(&auctions, a)) {
                int64_t id;
                get_i64(mm_fields(&auctions, a), &id);
                q3_emit(s, f, id);
            }
        } else if (ev->kind == NEXMARK_AUCTION && ev->auction.category == 10) {
            const NexmarkAuction *a = &ev->auction;
            put_i64(mm_add(&auctions, a->seller, 8), a->id);
            for (uint32_t p = mm_first(&persons, a->seller); p; p = mm_next(&persons, p))
                q3_emit(s, mm_fields(&persons, p), a->id);
        }
    }
    stat_mm(st, "persons by id", &persons);
    stat_mm(st, "auctions by seller", &auctions);
    uint64_t keys = persons.index.keys + auctions.index.keys;
    st->bytes_per_key = keys ? (double)(mm_bytes(&persons) + mm_bytes(&auctions)) / (double)keys : 0;
    snprintf(st->notes, sizeof st->notes, "insert-only (a join of two insert-only inputs): one +I per result row");
    mm_free(&persons);
    mm_free(&auctions);
}

/* ---- q4: AVG(MAX(price) of the bids in each auction's lifetime) per category -------------- */

/* The aggregations: inner slots (id, category, max), outer (category, sum, count). */
typedef struct Q4 {
    Table inner, outer;
    uint64_t joined, inner_kinds[4];
    Sink *s;
} Q4;

static void q4_outer_row(Q4 *q, int kind, int64_t category, int64_t avg) {
    RowHash *r = log_row(q->s);
    rh_long(r, category);
    rh_long(r, avg);
    log_row_end(q->s, kind);
}

/* The outer GROUP BY category takes one changelog row of the inner one: an
 * accumulate (+I, +U) or a retract (-U) of `final`. It emits as Flink's
 * GroupAggFunction: +I for a new group, -U/+U when AVG changed (nothing when
 * it did not), -D when the group's last row was retracted. */
static void q4_outer(Q4 *q, int64_t category, int64_t final, int sign) {
    bool fresh;
    int64_t *g = table_put(&q->outer, category, 0, &fresh); /* category, sum, count */
    bool first = g[2] == 0;
    int64_t before = first ? 0 : g[1] / g[2];
    g[1] += sign * final;
    g[2] += sign;
    if (g[2] == 0) {
        q4_outer_row(q, KIND_DELETE, category, before);
        g[1] = 0;
        return;
    }
    int64_t after = g[1] / g[2];
    if (first) q4_outer_row(q, KIND_INSERT, category, after);
    else if (after != before) {
        q4_outer_row(q, KIND_UPDATE_BEFORE, category, before);
        q4_outer_row(q, KIND_UPDATE_AFTER, category, after);
    }
}

/* The inner GROUP BY A.id, A.category takes a joined row: MAX over an
 * insert-only input, +I for a new group, -U/+U when the maximum grew. */
static void q4_inner(Q4 *q, int64_t id, int64_t category, int64_t price) {
    bool fresh;
    int64_t *g = table_put(&q->inner, id, category, &fresh); /* id, category, max */
    q->joined++;
    if (fresh) {
        g[2] = price;
        q->inner_kinds[KIND_INSERT]++;
        q4_outer(q, category, price, 1);
    } else if (price > g[2]) {
        q->inner_kinds[KIND_UPDATE_BEFORE]++;
        q4_outer(q, category, g[2], -1);
        g[2] = price;
        q->inner_kinds[KIND_UPDATE_AFTER]++;
        q4_outer(q, category, price, 1);
    }
}

/* The join keeps auctions by id (category, dateTime, expires) and bids by
 * auction (price, dateTime); a row joins when the bid's time is within the
 * auction's [dateTime, expires]. */
static void q4(const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    MultiMap auctions, bids;
    mm_init(&auctions);
    mm_init(&bids);
    Q4 q = {.s = s};
    table_init(&q.inner, 24, 2, 10);
    table_init(&q.outer, 24, 1, 4);
    uint64_t undefined = 0; /* auctions that met two or more of their bids already stored */
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, ev);
        if (ev->kind == NEXMARK_AUCTION) {
            const NexmarkAuction *a = &ev->auction;
            put_i64(put_i64(put_i64(mm_add(&auctions, a->id, 24), a->category), a->date_time), a->expires);
            int matched = 0;
            for (uint32_t b = mm_first(&bids, a->id); b; b = mm_next(&bids, b)) {
                int64_t price, time;
                get_i64(get_i64(mm_fields(&bids, b), &price), &time);
                if (time >= a->date_time && time <= a->expires) {
                    matched++;
                    q4_inner(&q, a->id, a->category, price);
                }
            }
            undefined += matched >= 2;
        } else if (ev->kind == NEXMARK_BID) {
            const NexmarkBid *b = &ev->bid;
            put_i64(put_i64(mm_add(&bids, b->auction, 16), b->price), b->date_time);
            for (uint32_t a = mm_first(&auctions, b->auction); a; a = mm_next(&auctions, a)) {
                int64_t category, time, expires;
                get_i64(get_i64(get_i64(mm_fields(&auctions, a), &category), &time), &expires);
                if (b->date_time >= time && b->date_time <= expires) q4_inner(&q, b->auction, category, b->price);
            }
        }
    }
    for (size_t i = 0; i <= q.outer.mask; i++) {
        const int64_t *g = table_at(&q.outer, i);
        if (g[0] == TABLE_EMPTY || g[2] == 0) continue;
        RowHash *r = table_row(s);
        rh_long(r, g[0]);
        rh_long(r, g[1] / g[2]);
        table_row_end(s);
    }
    stat_mm(st, "join: auctions by id", &auctions);
    stat_mm(st, "join: bids by auction", &bids);
    stat_agg(st, "MAX by (id, category)", &q.inner);
    stat_agg(st, "AVG by category", &q.outer);
    st->bytes_per_key = q.inner.keys ? (double)table_bytes(&q.inner) / (double)q.inner.keys : 0;
    snprintf(st->notes, sizeof st->notes,
             "join %llu rows; inner agg +I %llu -U %llu +U %llu; %s (%llu auctions met 2+ stored bids, "
             "counted in arrival order)",
             (unsigned long long)q.joined, (unsigned long long)q.inner_kinds[0], (unsigned long long)q.inner_kinds[1],
             (unsigned long long)q.inner_kinds[2],
             undefined ? "sink count depends on the join's order" : "sink count defined",
             (unsigned long long)undefined);
    table_free(&q.inner);
    table_free(&q.outer);
    mm_free(&auctions);
    mm_free(&bids);
}

/* ---- q17: per auction and day: counts, MIN, MAX, AVG, SUM of the price -------------------- */

#define MS_PER_DAY 86400000LL

/* DATE_FORMAT(dateTime, 'yyyy-MM-dd') of day number `day` (days since the epoch). */
static void rh_day_slow(RowHash *r, int64_t day) {
    time_t secs = (time_t)(day * 86400);
    struct tm tm;
    gmtime_r(&secs, &tm);
    char b[16];
    size_t n = strftime(b, sizeof b, "%Y-%m-%d", &tm);
    rh_str(r, b, n);
}
static inline void rh_day(RowHash *r, int64_t day) {
    if (rh_touch_only(r)) r->h += (uint64_t)day;
    else rh_day_slow(r, day);
}

/* One row of the aggregation (inline: it is a changelog row per bid). Slot: 0 auction, 1 day, 2 COUNT(*), 3-5 the
 * three filtered counts, 6 MIN, 7 MAX, 8 SUM (AVG = SUM / COUNT). */
static inline void q17_fields(RowHash *r, const int64_t *g) {
    rh_long(r, g[0]);
    rh_day(r, g[1]);
    for (int i = 2; i <= 7; i++) rh_long(r, g[i]);
    rh_long(r, g[8] / g[2]); /* AVG of a BIGINT: BIGINT, truncated */
    rh_long(r, g[8]);
}

/* One table keyed by (auction, day number) -- the day's text is made only
 * for output. Every bid changes COUNT(*), so each one after a group's first
 * emits -U/+U. */
static void q17(const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    Table t;
    table_init(&t, 72, 2, 10);
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, ev);
        if (ev->kind != NEXMARK_BID) continue;
        const NexmarkBid *b = &ev->bid;
        int64_t ms = b->date_time, day = ms >= 0 ? ms / MS_PER_DAY : -((-ms + MS_PER_DAY - 1) / MS_PER_DAY);
        bool fresh;
        int64_t *g = table_put(&t, b->auction, day, &fresh), p = b->price;
        if (fresh) {
            g[6] = g[7] = p;
        } else {
            q17_fields(log_row(s), g);
            log_row_end(s, KIND_UPDATE_BEFORE);
            if (p < g[6]) g[6] = p;
            if (p > g[7]) g[7] = p;
        }
        g[2]++;
        g[3] += p < 10000;
        g[4] += p >= 10000 && p < 1000000;
        g[5] += p >= 1000000;
        g[8] += p;
        q17_fields(log_row(s), g);
        log_row_end(s, fresh ? KIND_INSERT : KIND_UPDATE_AFTER);
    }
    for (size_t i = 0; i <= t.mask; i++) {
        const int64_t *g = table_at(&t, i);
        if (g[0] == TABLE_EMPTY) continue;
        q17_fields(table_row(s), g);
        table_row_end(s);
    }
    stat_agg(st, "aggregation by (auction, day)", &t);
    st->bytes_per_key = t.keys ? (double)table_bytes(&t) / (double)t.keys : 0;
    snprintf(st->notes, sizeof st->notes,
             "+I per group, then -U/+U per further bid (COUNT(*) always changes): defined");
    table_free(&t);
}

/* ---- q20: bids JOIN their auction, for auctions of category 10 ---------------------------- */

static const char *q20_get_bid(const char *p, NexmarkBid *b) {
    p = get_i64(get_i64(get_i64(p, &b->bidder), &b->price), &b->date_time);
    return get_str(get_str(get_str(p, &b->channel), &b->url), &b->extra);
}

static const char *q20_get_auction(const char *p, NexmarkAuction *a) {
    p = get_i64(get_i64(get_i64(p, &a->initial_bid), &a->reserve), &a->date_time);
    p = get_i64(get_i64(get_i64(p, &a->expires), &a->seller), &a->category);
    return get_str(get_str(get_str(p, &a->item_name), &a->description), &a->extra);
}

static void q20_emit(Sink *s, const NexmarkBid *b, int64_t auction, const NexmarkAuction *a) {
    RowHash *r = table_row(s);
    rh_long(r, auction);
    rh_long(r, b->bidder);
    rh_long(r, b->price);
    rh_str(r, b->channel.p, b->channel.n);
    rh_str(r, b->url.p, b->url.n);
    rh_ts(r, b->date_time);
    rh_str(r, b->extra.p, b->extra.n);
    rh_str(r, a->item_name.p, a->item_name.n);
    rh_str(r, a->description.p, a->description.n);
    rh_long(r, a->initial_bid);
    rh_long(r, a->reserve);
    rh_ts(r, a->date_time);
    rh_ts(r, a->expires);
    rh_long(r, a->seller);
    rh_long(r, a->category);
    rh_str(r, a->extra.p, a->extra.n);
    insert_row_end(s);
}

/* Both inputs kept: every bid by auction (all its columns but the key),
 * the category-10 auctions by id. */
static void q20(const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    MultiMap auctions, bids;
    mm_init(&auctions);
    mm_init(&bids);
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, ev);
        if (ev->kind == NEXMARK_BID) {
            const NexmarkBid *b = &ev->bid;
            char *f = mm_add(&bids, b->auction, 24 + 6 + b->channel.n + b->url.n + b->extra.n);
            f = put_i64(put_i64(put_i64(f, b->bidder), b->price), b->date_time);
            put_str(put_str(put_str(f, b->channel), b->url), b->extra);
            for (uint32_t a = mm_first(&auctions, b->auction); a; a = mm_next(&auctions, a)) {
                NexmarkAuction x;
                q20_get_auction(mm_fields(&auctions, a), &x);
                q20_emit(s, b, b->auction, &x);
            }
        } else if (ev->kind == NEXMARK_AUCTION && ev->auction.category == 10) {
            const NexmarkAuction *a = &ev->auction;
            char *f = mm_add(&auctions, a->id, 48 + 6 + a->item_name.n + a->description.n + a->extra.n);
            f = put_i64(put_i64(put_i64(f, a->initial_bid), a->reserve), a->date_time);
            f = put_i64(put_i64(put_i64(f, a->expires), a->seller), a->category);
            put_str(put_str(put_str(f, a->item_name), a->description), a->extra);
            for (uint32_t b = mm_first(&bids, a->id); b; b = mm_next(&bids, b)) {
                NexmarkBid x;
                q20_get_bid(mm_fields(&bids, b), &x);
                q20_emit(s, &x, a->id, a);
            }
        }
    }
    stat_mm(st, "bids by auction", &bids);
    stat_mm(st, "auctions by id", &auctions);
    uint64_t keys = bids.index.keys + auctions.index.keys;
    st->bytes_per_key = keys ? (double)(mm_bytes(&bids) + mm_bytes(&auctions)) / (double)keys : 0;
    snprintf(st->notes, sizeof st->notes, "insert-only (a join of two insert-only inputs): one +I per result row");
    mm_free(&auctions);
    mm_free(&bids);
}

/* ---- q5: per HOP window (10 s, sliding by 2 s) the auctions with the most bids ------------- */

#define Q5_SIZE 10000
#define Q5_SLIDE 2000

/* Bids are counted per auction and 2 s pane; a window is the sum of its
 * five panes, made when it fires. */
typedef struct Q5Pane {
    int64_t start;
    Table count; /* auction, bids */
} Q5Pane;

typedef struct Q5 {
    Q5Pane *pane; /* the live panes, by start */
    int n, cap;
    int64_t next; /* the first window (by start) not fired or passed over */
    Table merged; /* auction, bids in the window being fired */
    Sink *s;
} Q5;

/* Fires every window whose end - 1 the watermark has reached, in order;
 * windows without bids are passed over. */
static void q5_fire(Q5 *q, int64_t wm) {
    while (q->n > 0 && q->next + Q5_SIZE - 1 <= wm) {
        if (q->next + Q5_SIZE <= q->pane[0].start) { /* empty: on to the first window with a pane, or not due */
            int64_t first = q->pane[0].start - Q5_SIZE + Q5_SLIDE;
            int64_t not_due = window_of(wm - Q5_SIZE + 1, Q5_SLIDE) + Q5_SLIDE;
            q->next = first < not_due ? first : not_due;
            continue;
        }
        /* as large as the largest pane: filled in a pane's slot order, a
         * smaller table would see its keys in runs of the same hash */
        int bits = 10;
        for (int p = 0; p < q->n && q->pane[p].start < q->next + Q5_SIZE; p++)
            bits = ED_MAX(bits, 64 - q->pane[p].count.shift);
        table_free(&q->merged);
        table_init(&q->merged, 16, 1, bits);
        int64_t max = 0;
        for (int p = 0; p < q->n && q->pane[p].start < q->next + Q5_SIZE; p++) {
            const Table *t = &q->pane[p].count;
            for (size_t i = 0; i <= t->mask; i++) {
                const int64_t *c = table_at(t, i);
                if (c[0] == TABLE_EMPTY) continue;
                bool fresh;
                int64_t *m = table_put(&q->merged, c[0], 0, &fresh);
                m[1] += c[1];
                if (m[1] > max) max = m[1];
            }
        }
        for (size_t i = 0; i <= q->merged.mask; i++) {
            const int64_t *m = table_at(&q->merged, i);
            if (m[0] == TABLE_EMPTY || m[1] != max) continue;
            RowHash *r = table_row(q->s);
            rh_long(r, m[0]);
            rh_long(r, m[1]);
            insert_row_end(q->s);
        }
        q->next += Q5_SLIDE;
        int drop = 0;
        while (drop < q->n && q->pane[drop].start < q->next) table_free(&q->pane[drop++].count);
        memmove(q->pane, q->pane + drop, (size_t)(q->n - drop) * sizeof *q->pane);
        q->n -= drop;
    }
}

static void q5(const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    Q5 q = {.s = s, .next = INT64_MIN};
    table_init(&q.merged, 16, 1, 10);
    int64_t wm = INT64_MIN;
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, ev);
        int64_t ts = event_time(ev);
        if (ev->kind == NEXMARK_BID) {
            int64_t start = window_of(ts, Q5_SLIDE);
            if (start >= q.next) { /* else every window holding it has fired: late */
                int p = q.n - 1;
                while (p >= 0 && q.pane[p].start > start) p--;
                if (p < 0 || q.pane[p].start != start) {
                    if (q.n == q.cap) q.pane = realloc(q.pane, (size_t)(q.cap = q.cap ? q.cap * 2 : 8) * sizeof *q.pane);
                    memmove(q.pane + p + 2, q.pane + p + 1, (size_t)(q.n - p - 1) * sizeof *q.pane);
                    q.pane[++p].start = start;
                    table_init(&q.pane[p].count, 16, 1, 10);
                    q.n++;
                }
                bool fresh;
                table_put(&q.pane[p].count, ev->bid.auction, 0, &fresh)[1]++;
            }
        }
        if (ts - WATERMARK_DELAY_MS > wm) q5_fire(&q, wm = ts - WATERMARK_DELAY_MS);
    }
    q5_fire(&q, INT64_MAX);
    free(q.pane);
    table_free(&q.merged);
    snprintf(st->notes, sizeof st->notes, "insert-only (window results): one +I per result row");
}

/* ---- q7: the highest bids of each 10 s TUMBLE window, joined back to the bids ------------- */

#define Q7_SIZE 10000

/* A bid kept for output (its extra copied). */
typedef struct Q7Bid {
    int64_t auction, bidder, price, time;
    char *extra;
    size_t extra_n;
} Q7Bid;

typedef struct Q7Bids {
    Q7Bid *b;
    size_t n, cap;
} Q7Bids;

static void q7_keep(Q7Bids *v, const NexmarkBid *b) {
    if (v->n == v->cap) v->b = realloc(v->b, (v->cap = v->cap ? v->cap * 2 : 16) * sizeof *v->b);
    Q7Bid *x = &v->b[v->n++];
    *x = (Q7Bid){b->auction, b->bidder, b->price, b->date_time, malloc(b->extra.n + 1), b->extra.n};
    memcpy(x->extra, b->extra.p, b->extra.n);
}

static void q7_clear(Q7Bids *v) {
    for (size_t i = 0; i < v->n; i++) free(v->b[i].extra);
    v->n = 0;
}

static void q7_emit(Sink *s, int64_t auction, int64_t bidder, int64_t price, int64_t time, const char *extra,
                    size_t extra_n) {
    RowHash *r = table_row(s);
    rh_long(r, auction);
    rh_long(r, bidder);
    rh_long(r, price);
    rh_ts(r, time);
    rh_str(r, extra, extra_n);
    insert_row_end(s);
}

static void q7_emit_kept(Sink *s, const Q7Bid *b) { q7_emit(s, b->auction, b->bidder, b->price, b->time, b->extra, b->extra_n); }

/* An open window: its running MAX(price) and the bids at it (the rows the
 * join will output for it), and the bids at exactly its start, which also
 * match the previous window (B.dateTime BETWEEN end - 10 s AND end). */
typedef struct Q7Window {
    int64_t start, max;
    Q7Bids top, at_start;
} Q7Window;

typedef struct Q7 {
    Q7Window *w; /* open windows, by start */
    int n, cap;
    int64_t (*fired)[2]; /* (end, max) of every fired window: the join's other input */
    size_t nfired, capfired;
    Sink *s;
} Q7;

static const int64_t *q7_fired(const Q7 *q, int64_t end) {
    for (size_t i = q->nfired; i-- > 0;)
        if (q->fired[i][0] == end) return &q->fired[i][1];
    return NULL;
}

static void q7_fire(Q7 *q, int64_t wm) {
    while (q->n > 0 && q->w[0].start + Q7_SIZE - 1 <= wm) {
        Q7Window *w = &q->w[0];
        int64_t end = w->start + Q7_SIZE;
        for (size_t i = 0; i < w->top.n; i++) q7_emit_kept(q->s, &w->top.b[i]);
        if (q->n > 1 && q->w[1].start == end) { /* the next window's first bids match this one too */
            Q7Bids *next = &q->w[1].at_start;
            for (size_t i = 0; i < next->n; i++)
                if (next->b[i].price == w->max) q7_emit_kept(q->s, &next->b[i]);
            q7_clear(next);
        }
        if (q->nfired == q->capfired)
            q->fired = realloc(q->fired, (q->capfired = q->capfired ? q->capfired * 2 : 16) * sizeof *q->fired);
        q->fired[q->nfired][0] = end;
        q->fired[q->nfired++][1] = w->max;
        q7_clear(&w->top);
        q7_clear(&w->at_start);
        free(w->top.b);
        free(w->at_start.b);
        memmove(q->w, q->w + 1, (size_t)(q->n - 1) * sizeof *q->w);
        q->n--;
    }
}

/* A bid whose own window (and, at a window start, the previous one) have
 * fired meets their maxima directly: the join keeps the window results. */
static void q7_late(Q7 *q, const NexmarkBid *b, int64_t start) {
    const int64_t *max = q7_fired(q, start + Q7_SIZE);
    if (max && *max == b->price) q7_emit(q->s, b->auction, b->bidder, b->price, b->date_time, b->extra.p, b->extra.n);
}

static void q7(const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    Q7 q = {.s = s};
    int64_t wm = INT64_MIN;
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, ev);
        int64_t ts = event_time(ev);
        if (ev->kind == NEXMARK_BID) {
            const NexmarkBid *b = &ev->bid;
            int64_t start = window_of(ts, Q7_SIZE);
            if (ts == start) { /* the window ending here */
                if (start - 1 <= wm) q7_late(&q, b, start - Q7_SIZE);
            }
            if (start + Q7_SIZE - 1 <= wm) {
                q7_late(&q, b, start);
            } else {
                int w = q.n - 1;
                while (w >= 0 && q.w[w].start > start) w--;
                if (w < 0 || q.w[w].start != start) {
                    if (q.n == q.cap) q.w = realloc(q.w, (size_t)(q.cap = q.cap ? q.cap * 2 : 4) * sizeof *q.w);
                    memmove(q.w + w + 2, q.w + w + 1, (size_t)(q.n - w - 1) * sizeof *q.w);
                    q.w[++w] = (Q7Window){.start = start, .max = INT64_MIN};
                    q.n++;
                }
                Q7Window *x = &q.w[w];
                if (b->price > x->max) {
                    x->max = b->price;
                    q7_clear(&x->top);
                }
                if (b->price == x->max) q7_keep(&x->top, b);
                if (ts == start && start - 1 > wm) q7_keep(&x->at_start, b);
            }
        }
        if (ts - WATERMARK_DELAY_MS > wm) q7_fire(&q, wm = ts - WATERMARK_DELAY_MS);
    }
    q7_fire(&q, INT64_MAX);
    free(q.w);
    free(q.fired);
    snprintf(st->notes, sizeof st->notes, "insert-only (a join of insert-only inputs): one +I per result row");
}

/* ---- q8: persons and the sellers of auctions in the same 10 s TUMBLE window ---------------- */

#define Q8_SIZE 10000

/* An open window: its distinct persons (id -> the distinct names) and sellers. */
typedef struct Q8Window {
    int64_t start;
    MultiMap persons; /* id -> name */
    Table sellers;    /* seller */
} Q8Window;

typedef struct Q8 {
    Q8Window *w;
    int n, cap;
    Sink *s;
} Q8;

static void q8_fire(Q8 *q, int64_t wm) {
    while (q->n > 0 && q->w[0].start + Q8_SIZE - 1 <= wm) {
        Q8Window *w = &q->w[0];
        const Table *ids = &w->persons.index;
        for (size_t i = 0; i <= ids->mask; i++) {
            const int64_t *p = table_at(ids, i);
            if (p[0] == TABLE_EMPTY || !table_get(&w->sellers, p[0], 0)) continue;
            for (uint32_t r = (uint32_t)((uint64_t)p[1] >> 32); r; r = mm_next(&w->persons, r)) {
                Str name;
                get_str(mm_fields(&w->persons, r), &name);
                RowHash *h = table_row(q->s);
                rh_long(h, p[0]);
                rh_str(h, name.p, name.n);
                rh_ts(h, w->start);
                insert_row_end(q->s);
            }
        }
        mm_free(&w->persons);
        table_free(&w->sellers);
        memmove(q->w, q->w + 1, (size_t)(q->n - 1) * sizeof *q->w);
        q->n--;
    }
}

/* The open window holding ts, made when missing; NULL when it has fired. */
static Q8Window *q8_window(Q8 *q, int64_t ts, int64_t wm) {
    int64_t start = window_of(ts, Q8_SIZE);
    if (start + Q8_SIZE - 1 <= wm) return NULL;
    int w = q->n - 1;
    while (w >= 0 && q->w[w].start > start) w--;
    if (w >= 0 && q->w[w].start == start) return &q->w[w];
    if (q->n == q->cap) q->w = realloc(q->w, (size_t)(q->cap = q->cap ? q->cap * 2 : 4) * sizeof *q->w);
    memmove(q->w + w + 2, q->w + w + 1, (size_t)(q->n - w - 1) * sizeof *q->w);
    Q8Window *x = &q->w[++w];
    x->start = start;
    mm_init(&x->persons);
    table_init(&x->sellers, 8, 1, 10);
    q->n++;
    return x;
}

static void q8(const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    Q8 q = {.s = s};
    int64_t wm = INT64_MIN;
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, ev);
        int64_t ts = event_time(ev);
        Q8Window *w = ev->kind == NEXMARK_BID ? NULL : q8_window(&q, ts, wm);
        if (w && ev->kind == NEXMARK_PERSON) { /* GROUP BY id, name: once per distinct name */
            const NexmarkPerson *p = &ev->person;
            bool seen = false;
            for (uint32_t r = mm_first(&w->persons, p->id); r && !seen; r = mm_next(&w->persons, r)) {
                Str name;
                get_str(mm_fields(&w->persons, r), &name);
                seen = name.n == p->name.n && !memcmp(name.p, p->name.p, name.n);
            }
            if (!seen) put_str(mm_add(&w->persons, p->id, 2 + p->name.n), p->name);
        } else if (w) {
            bool fresh;
            table_put(&w->sellers, ev->auction.seller, 0, &fresh);
        }
        if (ts - WATERMARK_DELAY_MS > wm) q8_fire(&q, wm = ts - WATERMARK_DELAY_MS);
    }
    q8_fire(&q, INT64_MAX);
    free(q.w);
    snprintf(st->notes, sizeof st->notes, "insert-only (a window join): one +I per result row");
}

/* ---- q19: the 10 highest bids of each auction (Top-N) ---------------------------------------- */

#define Q19_N 10

/* A bid's fields for the output, and where they are kept (q18 too). */
static void bid_fields(RowHash *r, int64_t auction, const char *bid) {
    int64_t bidder, price, time;
    Str channel, url, extra;
    bid = get_i64(get_i64(bid, &bidder), &price);
    bid = get_str(get_str(bid, &channel), &url);
    get_str(get_i64(bid, &time), &extra);
    rh_long(r, auction);
    rh_long(r, bidder);
    rh_long(r, price);
    rh_str(r, channel.p, channel.n);
    rh_str(r, url.p, url.n);
    rh_ts(r, time);
    rh_str(r, extra.p, extra.n);
}

static void q19_fields(RowHash *r, int64_t auction, const char *bid, int64_t rank) {
    bid_fields(r, auction, bid);
    rh_long(r, rank);
}

/* One slot per auction: key, count, the 10 best prices (descending; a tie
 * keeps the earlier bid first, as the ROW_NUMBER Top-N does) and their bid
 * records. A bid that does not beat the 10th is dropped without a copy;
 * one that enters shifts the rows below it down a rank: -U/+U per rank it
 * moves, +I when the auction had fewer than 10. */
static void q19(const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    Table t;
    Records rec = {0};
    size_t slot = 16 + Q19_N * 8 + Q19_N * 4;
    slot = (slot + 7) & ~(size_t)7;
    table_init(&t, slot, 1, 10);
    uint64_t kept = 0;
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, ev);
        if (ev->kind != NEXMARK_BID) continue;
        const NexmarkBid *b = &ev->bid;
        bool fresh;
        int64_t *g = table_put(&t, b->auction, 0, &fresh);
        int64_t cnt = g[1], *price = g + 2;
        uint32_t *ref = (uint32_t *)(g + 2 + Q19_N);
        if (cnt == Q19_N && b->price <= price[Q19_N - 1]) continue;
        int64_t pos = cnt;
        while (pos > 0 && price[pos - 1] < b->price) pos--;
        char *p;
        uint32_t r = records_new(&rec, 16 + 2 + b->channel.n + 2 + b->url.n + 8 + 2 + b->extra.n, &p);
        p = put_i64(put_i64(p, b->bidder), b->price);
        p = put_str(put_str(p, b->channel), b->url);
        put_str(put_i64(p, b->date_time), b->extra);
        kept++;
        int64_t last = cnt < Q19_N ? cnt : Q19_N - 1;
        for (int64_t i = last; i > pos; i--) {
            price[i] = price[i - 1];
            ref[i] = ref[i - 1];
        }
        price[pos] = b->price;
        ref[pos] = r;
        /* the changelog: each rank from pos down moves (-U old, +U new), +I at a new last rank */
        int64_t moved = (cnt < Q19_N ? cnt : Q19_N) - pos;
        s->kinds[KIND_UPDATE_BEFORE] += (uint64_t)moved;
        s->kinds[KIND_UPDATE_AFTER] += (uint64_t)moved;
        s->touched += (uint64_t)b->price * (uint64_t)(moved + 1);
        if (cnt < Q19_N) {
            s->kinds[KIND_INSERT]++;
            g[1] = cnt + 1;
        }
    }
    for (size_t i = 0; i <= t.mask; i++) {
        const int64_t *g = table_at(&t, i);
        if (g[0] == TABLE_EMPTY) continue;
        const uint32_t *ref = (const uint32_t *)(g + 2 + Q19_N);
        for (int64_t r = 0; r < g[1]; r++) {
            q19_fields(table_row(s), g[0], records_at(&rec, ref[r]), r + 1);
            table_row_end(s);
        }
    }
    stat_table(st, "top 10 by auction", t.size, table_bytes(&t) + rec.bytes, t.keys, kept);
    st->bytes_per_key = t.keys ? (double)(table_bytes(&t) + rec.bytes) / (double)t.keys : 0;
    snprintf(st->notes, sizeof st->notes,
             "+I while an auction has fewer than 10 bids kept, -U/+U per rank a better bid pushes down: defined");
    table_free(&t);
    records_free(&rec);
}

/* ---- q18: the last bid of each (bidder, auction) (deduplication) ---------------------------- */

/* A bid's fields as q19 keeps them (bidder, price, channel, url, time,
 * extra), in a record that starts with its capacity. */
static uint32_t q18_keep(Records *rec, uint32_t old, const NexmarkBid *b) {
    size_t need = 4 + 16 + 2 + b->channel.n + 2 + b->url.n + 8 + 2 + b->extra.n;
    char *p;
    uint32_t r = old, cap = 0;
    if (old) memcpy(&cap, records_at(rec, old), 4);
    if (cap >= need) {
        p = records_at(rec, old);
    } else {
        r = records_new(rec, need, &p);
        cap = (uint32_t)need;
    }
    memcpy(p, &cap, 4);
    p = put_i64(put_i64(p + 4, b->bidder), b->price);
    p = put_str(put_str(p, b->channel), b->url);
    put_str(put_i64(p, b->date_time), b->extra);
    return r;
}

/* The output row of a kept bid (after its record's capacity). */
static void q18_fields(RowHash *r, int64_t auction, const char *bid) { bid_fields(r, auction, bid + 4); }

/* ROW_NUMBER() OVER (PARTITION BY bidder, auction ORDER BY dateTime DESC)
 * = 1 on the rowtime: keep-last deduplication. One slot per (bidder,
 * auction): key, the kept bid's time and record (overwritten in place when
 * the new one fits). A bid at least as late as the kept one replaces it
 * (-U old, +U new); the first of a key is +I. */
static void q18(const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    Table t;
    Records rec = {0};
    table_init(&t, 32, 2, 10);
    /* Bids of one key in the same millisecond (most repeats at 10 M events/s)
     * make the final table ambiguous: the streaming operator keeps the last
     * (Flink's keep-last rule, timed here), a batch ROW_NUMBER the first of
     * them in arrival order (what the checks compare with: eddy's batch run). */
    bool first_of_ties = s->full || s->sums;
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, ev);
        if (ev->kind != NEXMARK_BID) continue;
        const NexmarkBid *b = &ev->bid;
        bool fresh;
        int64_t *g = table_put(&t, b->bidder, b->auction, &fresh);
        if (!fresh && (b->date_time < g[2] || (b->date_time == g[2] && first_of_ties))) continue;
        if (!fresh) {
            q18_fields(log_row(s), g[1], records_at(&rec, (uint32_t)g[3]));
            log_row_end(s, KIND_UPDATE_BEFORE);
        }
        g[2] = b->date_time;
        g[3] = q18_keep(&rec, fresh ? 0 : (uint32_t)g[3], b);
        q18_fields(log_row(s), g[1], records_at(&rec, (uint32_t)g[3]));
        log_row_end(s, fresh ? KIND_INSERT : KIND_UPDATE_AFTER);
    }
    for (size_t i = 0; i <= t.mask; i++) {
        const int64_t *g = table_at(&t, i);
        if (g[0] == TABLE_EMPTY) continue;
        q18_fields(table_row(s), g[1], records_at(&rec, (uint32_t)g[3]));
        table_row_end(s);
    }
    stat_table(st, "last bid by (bidder, auction)", t.size, table_bytes(&t) + rec.bytes, t.keys, t.keys);
    st->bytes_per_key = t.keys ? (double)(table_bytes(&t) + rec.bytes) / (double)t.keys : 0;
    snprintf(st->notes, sizeof st->notes, "+I per key, then -U/+U per later bid of the key: defined");
    table_free(&t);
    records_free(&rec);
}

/* ---- q15 / q16: bids per day (and channel) with COUNT(DISTINCT) under filters ------------- */

/* The price classes of the FILTER clauses: bit 0 every bid, bits 1-3 rank 1-3. */
static inline int64_t q15_ranks(int64_t price) {
    return 1 | (price < 10000 ? 2 : price < 1000000 ? 4 : 8);
}

/* A group's counters: g[base ..]: COUNT(*) and its three filtered counts,
 * then the distinct bidders and auctions, four each. */
static inline void q15_counts(RowHash *r, const int64_t *g) {
    for (int i = 0; i < 12; i++) rh_long(r, g[i]);
}

/* Adds a bid to a group (counters g) whose distinct sets are the tables
 * keyed by (group id, bidder) and (group id, auction), the slot holding
 * which classes the value was seen in. */
static inline void q15_add(int64_t *g, Table *bidders, Table *auctions, int64_t group, const NexmarkBid *b) {
    int64_t ranks = q15_ranks(b->price);
    for (int i = 0; i < 4; i++) g[i] += (ranks >> i) & 1;
    bool fresh;
    int64_t *d = table_put(bidders, group, b->bidder, &fresh), added = ranks & ~d[2];
    d[2] |= ranks;
    for (int i = 0; i < 4; i++) g[4 + i] += (added >> i) & 1;
    d = table_put(auctions, group, b->auction, &fresh);
    added = ranks & ~d[2];
    d[2] |= ranks;
    for (int i = 0; i < 4; i++) g[8 + i] += (added >> i) & 1;
}

static inline int64_t day_of(int64_t ms) { return ms >= 0 ? ms / MS_PER_DAY : -((-ms + MS_PER_DAY - 1) / MS_PER_DAY); }

/* GROUP BY the day: one slot per day (key + 12 counters), the distinct
 * sets by (day, bidder) and (day, auction). Every bid changes COUNT(*):
 * -U/+U per bid after a day's first. */
static void q15(const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    Table days, bidders, auctions;
    table_init(&days, 8 * 13, 1, 4);
    table_init(&bidders, 24, 2, 10);
    table_init(&auctions, 24, 2, 10);
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, ev);
        if (ev->kind != NEXMARK_BID) continue;
        const NexmarkBid *b = &ev->bid;
        int64_t day = day_of(b->date_time);
        bool fresh;
        int64_t *g = table_put(&days, day, 0, &fresh);
        if (!fresh) {
            RowHash *r = log_row(s);
            rh_day(r, day);
            q15_counts(r, g + 1);
            log_row_end(s, KIND_UPDATE_BEFORE);
        }
        q15_add(g + 1, &bidders, &auctions, day, b);
        RowHash *r = log_row(s);
        rh_day(r, day);
        q15_counts(r, g + 1);
        log_row_end(s, fresh ? KIND_INSERT : KIND_UPDATE_AFTER);
    }
    for (size_t i = 0; i <= days.mask; i++) {
        const int64_t *g = table_at(&days, i);
        if (g[0] == TABLE_EMPTY) continue;
        RowHash *r = table_row(s);
        rh_day(r, g[0]);
        q15_counts(r, g + 1);
        table_row_end(s);
    }
    stat_agg(st, "aggregation by day", &days);
    stat_agg(st, "distinct bidders by (day, bidder)", &bidders);
    stat_agg(st, "distinct auctions by (day, auction)", &auctions);
    uint64_t keys = days.keys + bidders.keys + auctions.keys;
    st->bytes_per_key = keys ? (double)(table_bytes(&days) + table_bytes(&bidders) + table_bytes(&auctions)) / (double)keys : 0;
    snprintf(st->notes, sizeof st->notes, "+I per day, then -U/+U per further bid (COUNT(*) always changes): defined");
    table_free(&days);
    table_free(&bidders);
    table_free(&auctions);
}

/* q16's channel names, interned: a table from the name's hash to its id
 * (the names kept to check that no two share a hash). */
typedef struct Channels {
    Table ids; /* hash, id */
    Str *name;
    size_t n, cap;
    Records rec;
} Channels;

static int64_t channel_id(Channels *ch, Str name) {
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < name.n; i++) h = (h ^ (uint8_t)name.p[i]) * 1099511628211ULL;
    int64_t key = (int64_t)(h >> 1); /* never TABLE_EMPTY */
    bool fresh;
    int64_t *slot = table_put(&ch->ids, key, 0, &fresh);
    if (!fresh) {
        const Str *old = &ch->name[slot[1]];
        if (old->n != name.n || memcmp(old->p, name.p, name.n)) {
            fprintf(stderr, "bench_nexmark: q16: two channel names share a hash\n");
            exit(3);
        }
        return slot[1];
    }
    if (ch->n == ch->cap && !(ch->name = realloc(ch->name, (ch->cap = ch->cap ? ch->cap * 2 : 64) * sizeof(Str)))) exit(3);
    char *p;
    records_new(&ch->rec, name.n + 1, &p);
    memcpy(p, name.p, name.n);
    ch->name[ch->n] = (Str){p, name.n};
    slot[1] = (int64_t)ch->n;
    return (int64_t)ch->n++;
}

/* Slot of a (channel, day) group: channel id, day, MAX(minute of the day),
 * then the 12 counters. */
static inline void q16_fields(RowHash *r, const Channels *ch, const int64_t *g) {
    const Str *name = &ch->name[g[0]];
    rh_str(r, name->p, name->n);
    rh_day(r, g[1]);
    if (rh_touch_only(r)) {
        r->h += (uint64_t)g[2];
    } else {
        char m[8];
        snprintf(m, sizeof m, "%02d:%02d", (int)(g[2] / 60), (int)(g[2] % 60));
        rh_str(r, m, 5);
    }
    q15_counts(r, g + 3);
}

/* GROUP BY channel, day: groups by (channel id, day), the distinct sets by
 * (group number, bidder) and (group number, auction); MAX('HH:mm') as the
 * largest minute of the day. -U/+U per bid after a group's first. */
static void q16(const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    Table groups, bidders, auctions;
    Channels ch = {0};
    table_init(&ch.ids, 16, 1, 10);
    table_init(&groups, 8 * 16, 2, 10);
    table_init(&bidders, 24, 2, 10);
    table_init(&auctions, 24, 2, 10);
    int64_t ngroups = 0;
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, ev);
        if (ev->kind != NEXMARK_BID) continue;
        const NexmarkBid *b = &ev->bid;
        int64_t day = day_of(b->date_time), minute = (b->date_time - day * MS_PER_DAY) / 60000;
        bool fresh;
        int64_t *g = table_put(&groups, channel_id(&ch, b->channel), day, &fresh);
        if (fresh) {
            g[15] = ngroups++;
            g[2] = minute;
        } else {
            q16_fields(log_row(s), &ch, g);
            log_row_end(s, KIND_UPDATE_BEFORE);
            if (minute > g[2]) g[2] = minute;
        }
        q15_add(g + 3, &bidders, &auctions, g[15], b);
        q16_fields(log_row(s), &ch, g);
        log_row_end(s, fresh ? KIND_INSERT : KIND_UPDATE_AFTER);
    }
    for (size_t i = 0; i <= groups.mask; i++) {
        const int64_t *g = table_at(&groups, i);
        if (g[0] == TABLE_EMPTY) continue;
        q16_fields(table_row(s), &ch, g);
        table_row_end(s);
    }
    stat_agg(st, "aggregation by (channel, day)", &groups);
    stat_agg(st, "distinct bidders by (group, bidder)", &bidders);
    stat_agg(st, "distinct auctions by (group, auction)", &auctions);
    uint64_t keys = groups.keys + bidders.keys + auctions.keys;
    st->bytes_per_key =
        keys ? (double)(table_bytes(&groups) + table_bytes(&bidders) + table_bytes(&auctions)) / (double)keys : 0;
    snprintf(st->notes, sizeof st->notes,
             "+I per (channel, day), then -U/+U per further bid (COUNT(*) always changes): defined");
    table_free(&groups);
    table_free(&bidders);
    table_free(&auctions);
    table_free(&ch.ids);
    free(ch.name);
    records_free(&ch.rec);
}

/* ---- q9: each auction's winning bid (a join, then the Top-1 per auction) -------------------- */

/* The best bid so far of an auction: price DESC, then dateTime ASC; a tie
 * keeps the earlier row (ROW_NUMBER's Top-1 keeps arrival order). */
static inline bool q9_better(int64_t price, int64_t time, const int64_t *best) {
    return price > best[1] || (price == best[1] && time < best[2]);
}

static void q9_fields(RowHash *r, int64_t id, const char *auction, const char *bid) {
    NexmarkAuction a;
    NexmarkBid b;
    q20_get_auction(auction, &a);
    q20_get_bid(bid, &b);
    rh_long(r, id);
    rh_str(r, a.item_name.p, a.item_name.n);
    rh_str(r, a.description.p, a.description.n);
    rh_long(r, a.initial_bid);
    rh_long(r, a.reserve);
    rh_ts(r, a.date_time);
    rh_ts(r, a.expires);
    rh_long(r, a.seller);
    rh_long(r, a.category);
    rh_str(r, a.extra.p, a.extra.n);
    rh_long(r, id);
    rh_long(r, b.bidder);
    rh_long(r, b.price);
    rh_ts(r, b.date_time);
    rh_str(r, b.extra.p, b.extra.n);
}

typedef struct Q9 {
    MultiMap auctions, bids;
    Table best; /* auction id: price, time, auction record, bid record */
    Sink *s;
} Q9;

/* A joined row (auction record a, bid record b of auction id) for the Top-1. */
static void q9_offer(Q9 *q, int64_t id, uint32_t a, uint32_t b, int64_t price, int64_t time) {
    bool fresh;
    int64_t *g = table_put(&q->best, id, 0, &fresh);
    if (!fresh && !q9_better(price, time, g)) return;
    if (!fresh) {
        q9_fields(log_row(q->s), id, mm_fields(&q->auctions, (uint32_t)g[3]), mm_fields(&q->bids, (uint32_t)g[4]));
        log_row_end(q->s, KIND_UPDATE_BEFORE);
    }
    g[1] = price;
    g[2] = time;
    g[3] = a;
    g[4] = b;
    q9_fields(log_row(q->s), id, mm_fields(&q->auctions, a), mm_fields(&q->bids, b));
    log_row_end(q->s, fresh ? KIND_INSERT : KIND_UPDATE_AFTER);
}

/* Both join inputs kept (auctions by id, bids by auction, as q20 stores
 * them); each arrival probes the other side, and a pair whose bid lies in
 * [auction.dateTime, auction.expires] is offered to its auction's Top-1. */
static void q9(const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    Q9 q = {.s = s};
    mm_init(&q.auctions);
    mm_init(&q.bids);
    table_init(&q.best, 40, 1, 10);
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, ev);
        if (ev->kind == NEXMARK_BID) {
            const NexmarkBid *b = &ev->bid;
            uint32_t bref;
            char *f = mm_add_ref(&q.bids, b->auction, 24 + 6 + b->channel.n + b->url.n + b->extra.n, &bref);
            f = put_i64(put_i64(put_i64(f, b->bidder), b->price), b->date_time);
            put_str(put_str(put_str(f, b->channel), b->url), b->extra);
            for (uint32_t a = mm_first(&q.auctions, b->auction); a; a = mm_next(&q.auctions, a)) {
                NexmarkAuction x;
                q20_get_auction(mm_fields(&q.auctions, a), &x);
                if (b->date_time >= x.date_time && b->date_time <= x.expires)
                    q9_offer(&q, b->auction, a, bref, b->price, b->date_time);
            }
        } else if (ev->kind == NEXMARK_AUCTION) {
            const NexmarkAuction *a = &ev->auction;
            uint32_t aref;
            char *f = mm_add_ref(&q.auctions, a->id, 48 + 6 + a->item_name.n + a->description.n + a->extra.n, &aref);
            f = put_i64(put_i64(put_i64(f, a->initial_bid), a->reserve), a->date_time);
            f = put_i64(put_i64(put_i64(f, a->expires), a->seller), a->category);
            put_str(put_str(put_str(f, a->item_name), a->description), a->extra);
            for (uint32_t b = mm_first(&q.bids, a->id); b; b = mm_next(&q.bids, b)) {
                NexmarkBid x;
                q20_get_bid(mm_fields(&q.bids, b), &x);
                if (x.date_time >= a->date_time && x.date_time <= a->expires)
                    q9_offer(&q, a->id, aref, b, x.price, x.date_time);
            }
        }
    }
    for (size_t i = 0; i <= q.best.mask; i++) {
        const int64_t *g = table_at(&q.best, i);
        if (g[0] == TABLE_EMPTY) continue;
        q9_fields(table_row(s), g[0], mm_fields(&q.auctions, (uint32_t)g[3]), mm_fields(&q.bids, (uint32_t)g[4]));
        table_row_end(s);
    }
    stat_mm(st, "join: auctions by id", &q.auctions);
    stat_mm(st, "join: bids by auction", &q.bids);
    stat_agg(st, "top 1 by auction", &q.best);
    uint64_t keys = q.auctions.index.keys + q.bids.index.keys + q.best.keys;
    st->bytes_per_key =
        keys ? (double)(mm_bytes(&q.auctions) + mm_bytes(&q.bids) + table_bytes(&q.best)) / (double)keys : 0;
    snprintf(st->notes, sizeof st->notes,
             "+I per auction's first joined bid, -U/+U per better one (price DESC, dateTime ASC): defined");
    mm_free(&q.auctions);
    mm_free(&q.bids);
    table_free(&q.best);
}

/* ---- q11: bids per bidder per session (10 s gap) -------------------------------------------- */

#define Q11_GAP 10000

static void q11_emit(Sink *s, const int64_t *g) {
    RowHash *r = table_row(s);
    rh_long(r, g[0]);
    rh_long(r, g[3]);
    rh_ts(r, g[1]);
    rh_ts(r, g[2]);
    insert_row_end(s);
}

/* One slot per bidder: its open session (start, end = last bid + gap, count).
 * Bids come in time order, so a bidder has one open session at a time: a bid
 * at or before its end extends it (Flink's sessions merge when they meet), a
 * later one means the session is complete (the watermark passes its end
 * before any bid could join it again): its row goes out and the bid opens the
 * next. The end of the input fires the sessions left. */
static void q11(const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    Table t;
    table_init(&t, 32, 1, 10);
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, ev);
        if (ev->kind != NEXMARK_BID) continue;
        const NexmarkBid *b = &ev->bid;
        bool fresh;
        int64_t *g = table_put(&t, b->bidder, 0, &fresh), ts = b->date_time;
        if (!fresh && ts > g[2]) {
            q11_emit(s, g);
            fresh = true;
        }
        if (fresh) {
            g[1] = ts;
            g[3] = 0;
        }
        if (ts + Q11_GAP > g[2] || fresh) g[2] = ts + Q11_GAP;
        g[3]++;
    }
    for (size_t i = 0; i <= t.mask; i++) {
        const int64_t *g = table_at(&t, i);
        if (g[0] != TABLE_EMPTY) q11_emit(s, g);
    }
    stat_agg(st, "open session by bidder", &t);
    st->bytes_per_key = t.keys ? (double)table_bytes(&t) / (double)t.keys : 0;
    snprintf(st->notes, sizeof st->notes, "+I per session when it closes: defined");
    table_free(&t);
}

/* ---- dispatch -------------------------------------------------------------------------------- */

static bool is_stateful(int q) {
    return q == 3 || q == 4 || q == 5 || q == 7 || q == 8 || q == 9 || q == 15 || q == 16 || q == 17 || q == 18 ||
           q == 19 || q == 20 || q == 11;
}

/* Runs stateful baseline q over events 0..n-1 of config c into s. */
static void stateful_baseline(int q, const NexmarkConfig *c, NexmarkEvent *ev, int64_t n, Sink *s, HwStats *st) {
    switch (q) {
    case 3: q3(c, ev, n, s, st); break;
    case 4: q4(c, ev, n, s, st); break;
    case 5: q5(c, ev, n, s, st); break;
    case 7: q7(c, ev, n, s, st); break;
    case 8: q8(c, ev, n, s, st); break;
    case 9: q9(c, ev, n, s, st); break;
    case 15: q15(c, ev, n, s, st); break;
    case 16: q16(c, ev, n, s, st); break;
    case 18: q18(c, ev, n, s, st); break;
    case 17: q17(c, ev, n, s, st); break;
    case 19: q19(c, ev, n, s, st); break;
    case 20: q20(c, ev, n, s, st); break;
    case 11: q11(c, ev, n, s, st); break;
    default: exit(4);
    }
    memcpy(st->kinds, s->kinds, sizeof st->kinds);
}
