/*
 * nexmark.c -- 'connector' = 'nexmark': the Nexmark benchmark's event
 * source, with the reference connector's options (first-event.rate,
 * next-event.rate, rate.shape, rate.period, rate.limited, events.num,
 * person/auction/bid.proportion, person/auction/bid.avg-size,
 * bid.hot-ratio.auctions, bid.hot-ratio.bidders, auction.hot-ratio.sellers,
 * keep-alive, stop-at, max-emit-speed, base-time) and its table schema:
 *   event_type INT, person ROW<...>, auction ROW<...>, bid ROW<...>
 * with exactly one of the three rows set per event. Computed columns and the
 * watermark of the benchmark's DDL are the planner's business.
 *
 * Bounded when events.num > 0 (and keep-alive is off). Parallel instances
 * split the event sequence round robin -- instance s of p generates the
 * events s, s + p, s + 2p, ... -- so together they produce exactly the
 * events of one instance, and all of them advance through event time at the
 * same pace (a split into contiguous ranges would put the later ranges'
 * event time far ahead of the earlier ones' and hold back every window
 * downstream). The reference gives each instance its own timeline instead,
 * so its events depend on the parallelism; eddy's do not, and equal the
 * reference's at parallelism 1.
 *
 * As in the reference, next-event.rate, rate.shape, rate.period,
 * rate.limited and stop-at are checked but do not change the events (the
 * reference's generator uses first-event.rate only), and max-emit-speed =
 * false paces the source to the events' times on the wall clock.
 *
 * Events are generated straight into the batch's column vectors (the
 * extra strings into their columns' heaps, a bid's channel and url
 * referenced in the generator's static tables); the only allocations are
 * the batch's own.
 */
#include "connectors/connector.h"
#include "connectors/nexmark_gen.h"

typedef struct NexmarkPlan {
    NexmarkConfig cfg;
    bool max_emit_speed, keep_alive;
} NexmarkPlan;

typedef struct NexmarkState {
    int64_t next;    /* next event index of this instance */
    int64_t step;    /* the parallelism */
    int64_t wall_base_ms; /* wall clock of the first event (paced mode), 0 = not started */
    NexmarkEvent ev;
} NexmarkState;

static const char *const nexmark_optional[] = {
    "rate.shape", "rate.period", "rate.limited", "first-event.rate", "next-event.rate", "person.avg-size",
    "auction.avg-size", "bid.avg-size", "person.proportion", "auction.proportion", "bid.proportion",
    "bid.hot-ratio.auctions", "bid.hot-ratio.bidders", "auction.hot-ratio.sellers", "events.num", "keep-alive",
    "stop-at", "max-emit-speed", "base-time", NULL};

/* The physical schema the source produces, as Flink type strings (the
 * DDL's VARCHAR is STRING). */
static const char *const schema_names[] = {"event_type", "person", "auction", "bid"};
static const char *const schema_types[] = {
    "INT",
    "ROW<id BIGINT, name STRING, emailAddress STRING, creditCard STRING, city STRING, state STRING, "
    "dateTime TIMESTAMP(3), extra STRING>",
    "ROW<id BIGINT, itemName STRING, description STRING, initialBid BIGINT, reserve BIGINT, "
    "dateTime TIMESTAMP(3), expires TIMESTAMP(3), seller BIGINT, category BIGINT, extra STRING>",
    "ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel STRING, url STRING, dateTime TIMESTAMP(3), "
    "extra STRING>"};

/* ---- options ------------------------------------------------------------------------------ */

static eddy_status bad_value(const char *key, const char *v, EdErr *err) {
    return eddy__err(err, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", v, key);
}

/* An intType() option. */
static eddy_status opt_int(const TableDef *d, const char *key, int def, int *out, EdErr *err) {
    int64_t v;
    eddy_status rc = eddy__option_long(d, key, def, &v, err);
    if (rc) return rc;
    if (v < INT32_MIN || v > INT32_MAX) return bad_value(key, eddy__table_option(d, key), err);
    *out = (int)v;
    return EDDY_OK;
}

/* Skips spaces; returns the unit word that follows a number (case folded
 * into buf), or NULL when it is too long. */
static const char *unit_word(const char *p, char *buf, size_t cap) {
    while (*p == ' ') p++;
    size_t n = 0;
    for (; *p && *p != ' '; p++) {
        if (n + 1 >= cap) return NULL;
        buf[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
    }
    while (*p == ' ') p++;
    buf[n] = 0;
    return *p ? NULL : buf;
}

static bool unit_in(const char *u, const char *const *names) {
    for (int i = 0; names[i]; i++)
        if (!strcmp(u, names[i])) return true;
    return false;
}

/* A memoryType() option (Flink's MemorySize): a number of bytes with an
 * optional unit b/k/m/g/t (or kb, mebibytes, ...), 1024-based; (int) as
 * the reference reads it. */
static eddy_status opt_memory(const TableDef *d, const char *key, int def, int *out, EdErr *err) {
    const char *v = eddy__table_option(d, key);
    if (!v) {
        *out = def;
        return EDDY_OK;
    }
    const char *p = v;
    while (*p == ' ') p++;
    int64_t num = 0;
    const char *digits = p;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (num > (INT64_MAX - 9) / 10) return bad_value(key, v, err);
        num = num * 10 + (*p - '0');
    }
    char u[16];
    if (p == digits || !unit_word(p, u, sizeof u)) return bad_value(key, v, err);
    static const char *const b[] = {"", "b", "bytes", NULL}, *const k[] = {"k", "kb", "kibibytes", NULL},
                             *const m[] = {"m", "mb", "mebibytes", NULL}, *const g[] = {"g", "gb", "gibibytes", NULL},
                             *const t[] = {"t", "tb", "tebibytes", NULL};
    int shift = unit_in(u, b) ? 0 : unit_in(u, k) ? 10 : unit_in(u, m) ? 20 : unit_in(u, g) ? 30 : unit_in(u, t) ? 40 : -1;
    if (shift < 0 || num > (INT64_MAX >> shift)) return bad_value(key, v, err);
    int64_t bytes = num << shift;
    if (bytes > INT32_MAX) return eddy__err(err, EDDY_E_VALIDATION, "'%s' must be less than 2 GB, but is %s.", key, v);
    *out = (int)bytes;
    return EDDY_OK;
}

/* A durationType() option (Flink's TimeUtils.parseDuration): a number with
 * an optional unit (ms when none). Only checked: the reference ignores it. */
static eddy_status check_duration(const TableDef *d, const char *key, EdErr *err) {
    const char *v = eddy__table_option(d, key);
    if (!v) return EDDY_OK;
    const char *p = v;
    while (*p == ' ') p++;
    const char *digits = p;
    while (*p >= '0' && *p <= '9') p++;
    char u[16];
    static const char *const units[] = {
        "", "d", "day", "days", "h", "hour", "hours", "min", "m", "minute", "minutes", "s", "sec", "secs", "second",
        "seconds", "ms", "milli", "millis", "millisecond", "milliseconds", "us", "micro", "micros", "microsecond",
        "microseconds", "ns", "nano", "nanos", "nanosecond", "nanoseconds", NULL};
    if (p == digits || !unit_word(p, u, sizeof u) || !unit_in(u, units)) return bad_value(key, v, err);
    return EDDY_OK;
}

static eddy_status read_options(const TableDef *d, NexmarkPlan *p, EdErr *err) {
    NexmarkConfig *c = &p->cfg;
    eddy__nexmark_config_default(c);
    int first = 0, next = 0;
    bool limited;
    int64_t stop_at;
    eddy_status rc;
    if ((rc = opt_int(d, "first-event.rate", 10000, &first, err)) ||
        (rc = opt_int(d, "next-event.rate", 10000, &next, err)) ||
        (rc = opt_int(d, "person.proportion", 1, &c->person_proportion, err)) ||
        (rc = opt_int(d, "auction.proportion", 3, &c->auction_proportion, err)) ||
        (rc = opt_int(d, "bid.proportion", 46, &c->bid_proportion, err)) ||
        (rc = opt_memory(d, "person.avg-size", 200, &c->avg_person_size, err)) ||
        (rc = opt_memory(d, "auction.avg-size", 500, &c->avg_auction_size, err)) ||
        (rc = opt_memory(d, "bid.avg-size", 100, &c->avg_bid_size, err)) ||
        (rc = opt_int(d, "bid.hot-ratio.auctions", 2, &c->hot_auction_ratio, err)) ||
        (rc = opt_int(d, "bid.hot-ratio.bidders", 4, &c->hot_bidders_ratio, err)) ||
        (rc = opt_int(d, "auction.hot-ratio.sellers", 4, &c->hot_sellers_ratio, err)) ||
        (rc = eddy__option_long(d, "events.num", 0, &c->events_num, err)) ||
        (rc = eddy__option_long(d, "base-time", 0, &c->base_time, err)) ||
        (rc = eddy__option_long(d, "stop-at", -1, &stop_at, err)) ||
        (rc = eddy__option_bool(d, "keep-alive", false, &p->keep_alive, err)) ||
        (rc = eddy__option_bool(d, "max-emit-speed", true, &p->max_emit_speed, err)) ||
        (rc = eddy__option_bool(d, "rate.limited", false, &limited, err)) ||
        (rc = check_duration(d, "rate.period", err)))
        return rc;
    const char *shape = eddy__table_option(d, "rate.shape");
    if (shape && !eddy__str_ieq(shape, "SQUARE") && !eddy__str_ieq(shape, "SINE"))
        return bad_value("rate.shape", shape, err);
    c->first_event_rate = first;
    c->next_event_rate = next;
    /* what the reference would divide by zero with, or loop on */
    if (first <= 0 || next <= 0)
        return eddy__err(err, EDDY_E_VALIDATION, "'%s' must be positive, but is %d.",
                         first <= 0 ? "first-event.rate" : "next-event.rate", first <= 0 ? first : next);
    if (c->person_proportion < 0 || c->auction_proportion < 0 || c->bid_proportion < 0 ||
        (int64_t)c->person_proportion + c->auction_proportion + c->bid_proportion <= 0)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "The proportions of persons, auctions and bids must not be negative and must not all be 0.");
    if (c->hot_auction_ratio <= 0 || c->hot_bidders_ratio <= 0 || c->hot_sellers_ratio <= 0)
        return eddy__err(err, EDDY_E_VALIDATION, "The hot ratios must be positive.");
    if (c->events_num < 0)
        return eddy__err(err, EDDY_E_VALIDATION, "'events.num' must not be negative, but is %lld.",
                         (long long)c->events_num);
    if (!c->base_time) c->base_time = eddy__wall_ms(); /* as the reference: the time of planning */
    if (!eddy__nexmark_config_finish(c)) return eddy__err(err, EDDY_E_VALIDATION, "Invalid nexmark options.");
    return EDDY_OK;
}

/* ---- schema ------------------------------------------------------------------------------- */

static void print_schema(Buf *b, int n, const char *const *names, const Type *const *types) {
    eddy__buf_puts(b, "root");
    for (int i = 0; i < n; i++) {
        eddy__buf_printf(b, "\n |-- %s: ", names[i]);
        eddy__type_print(b, types[i]);
    }
}

/* The table's physical columns must be the source's, as the reference
 * checks (with its message). */
static eddy_status check_schema(const ConnectorCtx *cx, EdErr *err) {
    const Type *want[4];
    bool same = cx->nphys == 4;
    for (int i = 0; i < 4; i++) {
        eddy_status rc = eddy__type_parse(cx->a, schema_types[i], strlen(schema_types[i]), NULL, &want[i], err);
        if (rc) return rc;
        if (same && (strcmp(cx->phys_names[i], schema_names[i]) ||
                     !eddy__type_equals(want[i], cx->phys_types[i], false, true)))
            same = false;
    }
    if (same) return EDDY_OK;
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_puts(&b, "The nexmark source table must be in the schema of \n");
    print_schema(&b, 4, schema_names, want);
    eddy__buf_puts(&b, "\n. However, It is \n");
    print_schema(&b, cx->nphys, cx->phys_names, cx->phys_types);
    eddy__buf_puts(&b, "\n");
    eddy__err(err, EDDY_E_VALIDATION, "%s", eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return EDDY_E_VALIDATION;
}

extern const OpVtab eddy__op_nexmark;

static eddy_status nexmark_source(const ConnectorCtx *cx, SourceSpec *out, EdErr *err) {
    if (cx->nmeta)
        return eddy__err(err, EDDY_E_VALIDATION, "The nexmark connector has no metadata column '%s'.",
                         cx->meta_keys[0]);
    eddy_status rc = check_schema(cx, err);
    if (rc) return rc;
    NexmarkPlan *p = eddy__arena_alloc(cx->a, sizeof *p);
    if (!p) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    if ((rc = read_options(cx->def, p, err))) return rc;
    out->vt = &eddy__op_nexmark;
    out->plan = p;
    out->bounded = p->cfg.events_num > 0 && !p->keep_alive;
    out->parallelism = 0;
    out->changelog = CL_INSERT;
    out->name = "NexmarkSource";
    return EDDY_OK;
}

/* ---- running ------------------------------------------------------------------------------ */

static eddy_status nexmark_open(Op *op) {
    const NexmarkPlan *p = op->plan;
    NexmarkState *s = eddy__arena_alloc(op->arena, sizeof *s);
    char *scratch = eddy__arena_alloc(op->arena, p->cfg.scratch_size);
    if (!s || !scratch) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    s->next = op->subtask;
    s->step = op->parallelism;
    s->ev.scratch = scratch;
    op->state = s;
    return EDDY_OK;
}

static inline void put_str(Vector *v, uint32_t i, Str s) { eddy__vec_set_str(v, i, s.p, s.n); }

/* A string of the generator's static tables (a bid's channel and url,
 * NUL-terminated, alive as long as the process): referenced, not copied. */
static inline void put_static(Vector *v, uint32_t i, Str s) { eddy__vec_set_str_owned(v, i, s.p, s.n); }

/* The event's `extra`, generated straight into its column's heap. */
typedef struct ExtraTo {
    Vector *col[3]; /* by event kind */
    char *got;      /* where the last event's extra was written; NULL: the scratch */
} ExtraTo;

static char *extra_alloc(void *ctx, int kind, size_t n) {
    ExtraTo *x = ctx;
    return x->got = eddy__heap_alloc(&x->col[kind]->heap, n);
}

static inline void put_extra(Vector *v, uint32_t i, Str s, const ExtraTo *x) {
    if (x->got != s.p) {
        put_str(v, i, s);
        return;
    }
    x->got[s.n] = 0;
    eddy__vec_set_str_owned(v, i, s.p, s.n);
}
static inline void put_ts(Vector *v, uint32_t i, int64_t ms) { VEC_DATA(v, Ts)[i] = (Ts){ms, 0}; }
static inline void put_i64(Vector *v, uint32_t i, int64_t x) { VEC_DATA(v, int64_t)[i] = x; }

static void put_event(const NexmarkEvent *ev, Vector *const *cols, uint32_t i, const ExtraTo *x) {
    VEC_DATA(cols[0], int32_t)[i] = ev->kind;
    Vector **f = cols[1 + ev->kind]->child;
    cols[1 + ev->kind]->valid[i >> 3] |= (uint8_t)(1u << (i & 7));
    switch (ev->kind) {
    case NEXMARK_PERSON: {
        const NexmarkPerson *p = &ev->person;
        put_i64(f[0], i, p->id);
        put_str(f[1], i, p->name);
        put_str(f[2], i, p->email_address);
        put_str(f[3], i, p->credit_card);
        put_str(f[4], i, p->city);
        put_str(f[5], i, p->state);
        put_ts(f[6], i, p->date_time);
        put_extra(f[7], i, p->extra, x);
        break;
    }
    case NEXMARK_AUCTION: {
        const NexmarkAuction *a = &ev->auction;
        put_i64(f[0], i, a->id);
        put_str(f[1], i, a->item_name);
        put_str(f[2], i, a->description);
        put_i64(f[3], i, a->initial_bid);
        put_i64(f[4], i, a->reserve);
        put_ts(f[5], i, a->date_time);
        put_ts(f[6], i, a->expires);
        put_i64(f[7], i, a->seller);
        put_i64(f[8], i, a->category);
        put_extra(f[9], i, a->extra, x);
        break;
    }
    default: {
        const NexmarkBid *b = &ev->bid;
        put_i64(f[0], i, b->auction);
        put_i64(f[1], i, b->bidder);
        put_i64(f[2], i, b->price);
        put_static(f[3], i, b->channel);
        put_static(f[4], i, b->url);
        put_ts(f[5], i, b->date_time);
        put_extra(f[6], i, b->extra, x);
        break;
    }
    }
}

static eddy_status nexmark_produce(Op *op) {
    const NexmarkPlan *p = op->plan;
    const NexmarkConfig *c = &p->cfg;
    NexmarkState *s = op->state;
    if (s->next >= c->max_events) return p->keep_alive ? EDDY_ROW : EDDY_DONE;
    int64_t left = (c->max_events - s->next + s->step - 1) / s->step;
    int64_t n = ED_MIN(left, (int64_t)op->batch_size);
    if (!p->max_emit_speed) {
        /* paced: only the events whose time has come on the wall clock */
        int64_t now = eddy__wall_ms();
        if (!s->wall_base_ms) s->wall_base_ms = now;
        int64_t due = 0;
        while (due < n && s->wall_base_ms + eddy__nexmark_event_time(c, s->next + due * s->step) - c->base_time <= now)
            due++;
        if (!due) return EDDY_ROW;
        n = due;
    }
    Batch *b = eddy__batch_new_typed(4, op->node->col_types, (uint32_t)n);
    if (!b) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    /* the row columns start all NULL; each event sets its own */
    bool ok = true;
    for (int k = 1; k <= 3; k++) {
        ok = ok && eddy__vec_ensure_validity(b->cols[k]);
        if (ok) memset(b->cols[k]->valid, 0, ((size_t)n + 7) / 8 + 1);
    }
    /* each kind's extra: the last field of its row */
    ExtraTo x = {{b->cols[1]->child[7], b->cols[2]->child[9], b->cols[3]->child[6]}, NULL};
    for (uint32_t i = 0; ok && i < (uint32_t)n; i++, s->next += s->step) {
        x.got = NULL;
        eddy__nexmark_event_to(c, s->next, &s->ev, extra_alloc, &x);
        put_event(&s->ev, b->cols, i, &x);
    }
    /* a NULL row has NULL fields: the fields share the row's validity */
    for (int k = 1; ok && k <= 3; k++) {
        Vector *rv = b->cols[k];
        for (int f = 0; ok && f < rv->nchild; f++) {
            ok = eddy__vec_ensure_validity(rv->child[f]) && !rv->child[f]->failed;
            if (ok) memcpy(rv->child[f]->valid, rv->valid, ((size_t)n + 7) / 8 + 1);
        }
    }
    if (!ok) {
        eddy__batch_release(b);
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    b->n = b->count = (uint32_t)n;
    eddy_status rc = eddy__op_emit(op, b);
    eddy__batch_release(b);
    if (rc) return rc;
    return s->next >= c->max_events && !p->keep_alive ? EDDY_DONE : EDDY_OK;
}

/* The position: the next event index of this instance. */
static eddy_status nexmark_position(Op *op, Buf *out) { return eddy__op_position_i64(out, &((NexmarkState *)op->state)->next, 1); }

static eddy_status nexmark_seek(Op *op, const void *pos, size_t len) {
    NexmarkState *s = op->state;
    const NexmarkConfig *c = &((const NexmarkPlan *)op->plan)->cfg;
    eddy_status rc = eddy__op_seek_i64(op, pos, len, &s->next, 1);
    /* paced: the wall clock continues where the event times are */
    if (!rc) s->wall_base_ms = eddy__wall_ms() - (eddy__nexmark_event_time(c, s->next) - c->base_time);
    return rc;
}

const OpVtab eddy__op_nexmark = {.name = "Source: NexmarkSource",
                                 .open = nexmark_open,
                                 .produce = nexmark_produce,
                                 .position = nexmark_position,
                                 .seek = nexmark_seek};

const Connector eddy__connector_nexmark = {
    .name = "nexmark",
    .optional = nexmark_optional,
    .source = nexmark_source,
};
