/*
 * test_nexmark.c -- the Nexmark generator against the reference algorithm.
 *
 * How the expected values were derived: by running on a JVM (OpenJDK 17)
 * tests/unit/nexmark_reference.java, an independent Java transcription of
 * the reference generator's algorithm that uses java.util.Random,
 * Math.pow, Math.round and String.format themselves. It prints each event
 * as a line (P|id|name|..., A|..., B|...; see event_line below), or the
 * FNV-1a 64 hash of all lines. The literals below are its output, e.g.
 *
 *   java tests/unit/nexmark_reference.java 6 1700000000000 10000 1 3 46 200 500 100 2 4 4
 *
 * and the java.util.Random values come from the same JVM (new Random(42)
 * .nextInt() etc.).
 */
#include "connectors/nexmark_gen.h"

#include "test.h"

/* ---- java.util.Random ------------------------------------------------------------ */

TEST(java_random_matches_the_jvm) {
    JavaRandom r;
    eddy__jrandom_init(&r, 42);
    ASSERT_EQ_INT(eddy__jrandom_next_int(&r), -1170105035);
    ASSERT_EQ_INT(eddy__jrandom_next_int_bound(&r, 10), 3);
    ASSERT_EQ_INT(eddy__jrandom_next_int_bound(&r, 13), 9);
    ASSERT_EQ_INT(eddy__jrandom_next_int_bound(&r, 1 << 20), 50268);
    ASSERT_EQ_INT(eddy__jrandom_next_long(&r), 5694868678511409995LL);
    ASSERT_EQ_DBL(eddy__jrandom_next_double(&r), 0.27707849007413665);
    eddy__jrandom_init(&r, -1);
    ASSERT_EQ_INT(eddy__jrandom_next_int(&r), 1155099827);
    ASSERT_EQ_INT(eddy__jrandom_next_int_bound(&r, 1000000007), 943952225);
    ASSERT_EQ_DBL(eddy__jrandom_next_double(&r), 0.012269981921235296);
    /* a bound just above 2^30 rejects often: the retry loop must draw as Java's does */
    eddy__jrandom_init(&r, INT64_MIN);
    int odd = 0;
    for (int i = 0; i < 100000; i++) odd += eddy__jrandom_next_int_bound(&r, 1610612736) & 1;
    ASSERT_EQ_INT(odd, 50083);
    ASSERT_EQ_INT(eddy__jrandom_next_int(&r), 1951629421);
}

/* ---- events ------------------------------------------------------------------------ */

static NexmarkConfig config(int64_t base, int64_t rate) {
    NexmarkConfig c;
    eddy__nexmark_config_default(&c);
    c.base_time = base;
    c.first_event_rate = c.next_event_rate = rate;
    return c;
}

/* The reference program's line for an event. */
static int event_line(const NexmarkEvent *ev, char *buf, size_t cap) {
#define S(x) (int)(x).n, (x).p
    if (ev->kind == NEXMARK_PERSON) {
        const NexmarkPerson *p = &ev->person;
        return snprintf(buf, cap, "P|%lld|%.*s|%.*s|%.*s|%.*s|%.*s|%lld|%.*s\n", (long long)p->id, S(p->name),
                        S(p->email_address), S(p->credit_card), S(p->city), S(p->state), (long long)p->date_time,
                        S(p->extra));
    }
    if (ev->kind == NEXMARK_AUCTION) {
        const NexmarkAuction *a = &ev->auction;
        return snprintf(buf, cap, "A|%lld|%.*s|%.*s|%lld|%lld|%lld|%lld|%lld|%lld|%.*s\n", (long long)a->id,
                        S(a->item_name), S(a->description), (long long)a->initial_bid, (long long)a->reserve,
                        (long long)a->date_time, (long long)a->expires, (long long)a->seller,
                        (long long)a->category, S(a->extra));
    }
    const NexmarkBid *b = &ev->bid;
    return snprintf(buf, cap, "B|%lld|%lld|%lld|%.*s|%.*s|%lld|%.*s\n", (long long)b->auction, (long long)b->bidder,
                    (long long)b->price, S(b->channel), S(b->url), (long long)b->date_time, S(b->extra));
#undef S
}

/* FNV-1a 64 over the lines of events 0..n-1. */
static uint64_t events_hash(NexmarkConfig *c, int64_t n) {
    NexmarkEvent ev;
    ev.scratch = malloc(c->scratch_size);
    char *line = malloc(c->scratch_size + 512);
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(c, k, &ev);
        int len = event_line(&ev, line, c->scratch_size + 512);
        for (int i = 0; i < len; i++) h = (h ^ (uint8_t)line[i]) * 0x100000001b3ULL;
    }
    free(line);
    free(ev.scratch);
    return h;
}

TEST(first_events_are_the_references) {
    NexmarkConfig c = config(1700000000000LL, 10000);
    ASSERT_TRUE(eddy__nexmark_config_finish(&c));
    NexmarkEvent ev;
    char scratch[4096], line[4096];
    ASSERT_TRUE(c.scratch_size <= sizeof scratch);
    ev.scratch = scratch;
    /* event 0 has id 2: an auction (id mod 50 in 1..3) */
    eddy__nexmark_event(&c, 0, &ev);
    ASSERT_EQ_INT(ev.kind, NEXMARK_AUCTION);
    ASSERT_EQ_INT(ev.auction.id, 1001);
    ASSERT_EQ_INT(ev.auction.initial_bid, 25626290);
    ASSERT_EQ_INT(ev.auction.reserve, 28805847);
    ASSERT_EQ_INT(ev.auction.date_time, 1700000000000LL);
    ASSERT_EQ_INT(ev.auction.expires, 1700000000202LL);
    ASSERT_EQ_INT(ev.auction.seller, 1000);
    ASSERT_EQ_INT(ev.auction.category, 12);
    event_line(&ev, line, sizeof line);
    ASSERT_STR_EQ(line,
                  "A|1001|z ck w|cwlachrnkfzkygsu edjytotggvasbt z yjjszhhsqtrgzblkaolzkhlldqedvgj "
                  "fdbvswemnzshmwipqrzqfkd|25626290|28805847|1700000000000|1700000000202|1000|12|"
                  "jzlkehMZPLIIwtopffS\\KHLRhdduqtifpeko`KO`ZQK[[_I`H[aTINQKQJMPTYYLOYitqbesrjqlgtpwxmaisefjioILP`"
                  "OSWQSKaY_LZV]MSPTILLgyacoodbfiyyWWK_NKetfdja`HUNP^uwfvxlyvywsaL^KN\\[myznhx^O_JRShcfzvf]O`NJ\\ctudjuo"
                  "rfgrhhpmxquKXXQLPbirsklX[aY\\YUJ[WR\\L_SXW_YHM\\HPwvmlopNNVJVWlmtrikTIUaUaZO]^XTIYK`R]iobqufV`PSJ_"
                  "wfivocSWSaTUaWU_[^kohfsnQSTVVaI\n");
    /* events 2..4 are bids: hot auction 1000, hot bidder 2001 (the second
     * person of the hot batch, with the person offset added twice) */
    eddy__nexmark_event(&c, 2, &ev);
    event_line(&ev, line, sizeof line);
    ASSERT_STR_EQ(line, "B|1000|2001|32530001|Google|https://www.nexmark.com/jol/liu/fmf/item.htm?query=1|"
                        "1700000000000|sbolvyqwgticfdrwdyiyofziYMU\\Z`UaTQO][NX\\RM]WPYTOuwogvszlx\n");
    eddy__nexmark_event(&c, 3, &ev);
    ASSERT_EQ_INT(ev.bid.bidder, 2009);
    ASSERT_EQ_INT(ev.bid.price, 468715);
    ASSERT_STR_EQ(ev.bid.channel.p, "Facebook");
    /* a numbered channel, its URL carrying the bit-reversed channel id */
    eddy__nexmark_event(&c, 5, &ev);
    event_line(&ev, line, sizeof line);
    ASSERT_STR_EQ(line, "B|1000|2001|3126206|channel-6254|https://www.nexmark.com/vlg/suo/kiyd/item.htm?query=1&"
                        "channel_id=1981284352|1700000000000|KUUY`RJaVNU`^QIWNHgdvnfxZQ]H_PbustqrpqasinNX`Q[_YKKNP\\"
                        "woaecePJPO[X\n");
    /* event 48 has id 50: a person, 4.9 ms after the base (truncated). Its id
     * is 1001: event id 0, the would-be person 1000, is never generated */
    eddy__nexmark_event(&c, 48, &ev);
    event_line(&ev, line, sizeof line);
    ASSERT_STR_EQ(line, "P|1001|Sarah Smith|f  y@yumv.com|0892 2755 1923 0591|Los Angeles|ID|1700000000004|"
                        "`RT]WInnxtneWPLPHOywusizasixbmVVHKO_Y_MOYPmoftdguqtxkyXPO_ZNYMaKVQ\\``OOXTNOWIKUOLIaWQN\\H[_"
                        "cihasyNLOMHLVHKVRIznfdmdeqqvumRMZYKKNRJ[K^IIN`RJM`H[^^vbqrxduih\n");
}

TEST(hundred_thousand_events_hash_as_the_references) {
    /* java tests/unit/nexmark_reference.java 100000 1700000000000 10000 1 3 46 200 500 100 2 4 4 hash */
    NexmarkConfig c = config(1700000000000LL, 10000);
    ASSERT_TRUE(eddy__nexmark_config_finish(&c));
    ASSERT_EQ_INT(events_hash(&c, 100000), (int64_t)0x4016915f31ee28c0ULL);
    /* ... 100000 1600000000123 3 2 6 92 120 1024 50 3 5 7 hash: other
     * proportions, sizes, hot ratios and a rate that makes fractional
     * microsecond delays */
    c = config(1600000000123LL, 3);
    c.person_proportion = 2;
    c.auction_proportion = 6;
    c.bid_proportion = 92;
    c.avg_person_size = 120;
    c.avg_auction_size = 1024;
    c.avg_bid_size = 50;
    c.hot_auction_ratio = 3;
    c.hot_bidders_ratio = 5;
    c.hot_sellers_ratio = 7;
    ASSERT_TRUE(eddy__nexmark_config_finish(&c));
    ASSERT_EQ_INT(events_hash(&c, 100000), (int64_t)0x991cfcfc9678f2efULL);
}

TEST(kinds_follow_the_proportions) {
    NexmarkConfig c = config(1, 10000);
    ASSERT_TRUE(eddy__nexmark_config_finish(&c));
    NexmarkEvent ev;
    char scratch[4096];
    ev.scratch = scratch;
    int count[3] = {0, 0, 0};
    for (int64_t k = 0; k < 50000; k++) {
        eddy__nexmark_event(&c, k, &ev);
        count[ev.kind]++;
        /* the kind is the event id (k + 2) modulo 50: 0 person, 1-3 auction */
        int rem = (int)((k + 2) % 50);
        ASSERT_EQ_INT(ev.kind, rem < 1 ? NEXMARK_PERSON : rem < 4 ? NEXMARK_AUCTION : NEXMARK_BID);
    }
    ASSERT_EQ_INT(count[NEXMARK_PERSON], 1000);
    ASSERT_EQ_INT(count[NEXMARK_AUCTION], 3000);
    ASSERT_EQ_INT(count[NEXMARK_BID], 46000);
}

TEST(event_times_follow_the_rate) {
    /* base + (long)((k + 1) * 1e6 / rate) / 1000 ms */
    NexmarkConfig c = config(1000, 10000);
    ASSERT_TRUE(eddy__nexmark_config_finish(&c));
    ASSERT_EQ_INT(eddy__nexmark_event_time(&c, 0), 1000);
    ASSERT_EQ_INT(eddy__nexmark_event_time(&c, 8), 1000);
    ASSERT_EQ_INT(eddy__nexmark_event_time(&c, 9), 1001);
    ASSERT_EQ_INT(eddy__nexmark_event_time(&c, 99999), 11000);
    c = config(1000, 3);
    ASSERT_TRUE(eddy__nexmark_config_finish(&c));
    ASSERT_EQ_INT(eddy__nexmark_event_time(&c, 0), 1333);
    ASSERT_EQ_INT(eddy__nexmark_event_time(&c, 1), 1666);
    ASSERT_EQ_INT(eddy__nexmark_event_time(&c, 2), 2000);
    c = config(0, 10000000);
    ASSERT_TRUE(eddy__nexmark_config_finish(&c));
    ASSERT_EQ_INT(eddy__nexmark_event_time(&c, 99999999), 10000);
}

TEST(bad_configs_are_refused) {
    NexmarkConfig c = config(1, 0);
    ASSERT_FALSE(eddy__nexmark_config_finish(&c));
    c = config(1, 10);
    c.person_proportion = c.auction_proportion = c.bid_proportion = 0;
    ASSERT_FALSE(eddy__nexmark_config_finish(&c));
    c = config(1, 10);
    c.hot_bidders_ratio = 0;
    ASSERT_FALSE(eddy__nexmark_config_finish(&c));
    c = config(1, 10);
    c.events_num = 5;
    ASSERT_TRUE(eddy__nexmark_config_finish(&c));
    ASSERT_EQ_INT(c.max_events, 5);
    /* unbounded: the reference's cap, Long.MAX_VALUE / (50 * 500) */
    c = config(1, 10);
    ASSERT_TRUE(eddy__nexmark_config_finish(&c));
    ASSERT_EQ_INT(c.max_events, INT64_MAX / 25000);
}

int main(void) {
    RUN(java_random_matches_the_jvm);
    RUN(first_events_are_the_references);
    RUN(hundred_thousand_events_hash_as_the_references);
    RUN(kinds_follow_the_proportions);
    RUN(event_times_follow_the_rate);
    RUN(bad_configs_are_refused);
    return test_report();
}
