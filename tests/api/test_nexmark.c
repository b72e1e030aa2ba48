/*
 * test_nexmark.c -- 'connector' = 'nexmark' through SQL: the benchmark's
 * DDL and views give the reference's first events (the same values as
 * tests/unit/test_nexmark.c, derived with tests/unit/nexmark_reference.java
 * on a JVM); parallel instances together produce exactly the events of one
 * instance; bounded and unbounded tables; options and schema errors with
 * the reference's messages.
 */
#include "check.h"

#define NEXMARK_COLUMNS                                                                                            \
    "event_type INT, "                                                                                             \
    "person ROW<id BIGINT, name VARCHAR, emailAddress VARCHAR, creditCard VARCHAR, city VARCHAR, state VARCHAR, "  \
    "dateTime TIMESTAMP(3), extra VARCHAR>, "                                                                      \
    "auction ROW<id BIGINT, itemName VARCHAR, description VARCHAR, initialBid BIGINT, reserve BIGINT, "            \
    "dateTime TIMESTAMP(3), expires TIMESTAMP(3), seller BIGINT, category BIGINT, extra VARCHAR>, "                \
    "bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR, url VARCHAR, dateTime TIMESTAMP(3), "   \
    "extra VARCHAR>, "                                                                                             \
    "dateTime AS CASE WHEN event_type = 0 THEN person.dateTime WHEN event_type = 1 THEN auction.dateTime "         \
    "ELSE bid.dateTime END, "                                                                                      \
    "WATERMARK FOR dateTime AS dateTime - INTERVAL '4' SECOND"

static eddy_status exec(eddy_tenv *t, const char *sql) {
    eddy_result *r = eddy_tenv_execute_sql(t, sql);
    if (!r) return eddy_env_errcode(eddy_tenv_env(t));
    eddy_status st = eddy_result_await(r);
    eddy_result_free(r);
    return st;
}

/* A table env (parallelism p, streaming or batch) with the datagen table
 * (base time 2023-11-14 22:13:20 UTC, rate 10000/s, `opts` appended to its
 * WITH clause) and the bid view. */
static eddy_tenv *nexmark_env(int p, bool batch, const char *opts) {
    eddy_env *env = new_env(p);
    eddy_tenv *t = eddy_tenv_new_in_mode(env, batch ? EDDY_BATCH : EDDY_STREAMING);
    char ddl[4096];
    snprintf(ddl, sizeof ddl,
             "CREATE TABLE datagen (" NEXMARK_COLUMNS ") WITH ('connector' = 'nexmark', "
             "'base-time' = '1700000000000'%s%s)",
             *opts ? ", " : "", opts);
    if (exec(t, ddl) || exec(t, "CREATE VIEW bid AS SELECT bid.auction, bid.bidder, bid.price, bid.channel, "
                                "bid.url, dateTime, bid.extra FROM datagen WHERE event_type = 2"))
        fprintf(stderr, "setup: %s\n", eddy_env_errmsg(env));
    return t;
}

TEST(first_events_through_sql) {
    eddy_tenv *t = nexmark_env(1, false, "'events.num' = '7'");
    ASSERT_TEXT(sql_query_lines(t, "SELECT event_type, auction.id, auction.seller, auction.category, auction.initialBid, "
                               "auction.expires, bid.auction, bid.bidder, bid.price, bid.channel, dateTime "
                               "FROM datagen"),
                "+I[1, 1001, 1000, 12, 25626290, 2023-11-14T22:13:20.202, null, null, null, null, "
                "2023-11-14T22:13:20]\n"
                "+I[1, 1002, 1000, 10, 267, 2023-11-14T22:13:20.001, null, null, null, null, 2023-11-14T22:13:20]\n"
                "+I[2, null, null, null, null, null, 1000, 2001, 32530001, Google, 2023-11-14T22:13:20]\n"
                "+I[2, null, null, null, null, null, 1000, 2009, 468715, Facebook, 2023-11-14T22:13:20]\n"
                "+I[2, null, null, null, null, null, 1000, 2001, 300435, Apple, 2023-11-14T22:13:20]\n"
                "+I[2, null, null, null, null, null, 1000, 2001, 3126206, channel-6254, 2023-11-14T22:13:20]\n"
                "+I[2, null, null, null, null, null, 1000, 2001, 381373, channel-9158, 2023-11-14T22:13:20]\n");
    ASSERT_TEXT(sql_query_lines(t, "SELECT url FROM bid WHERE channel = 'channel-6254'"),
                "+I[https://www.nexmark.com/vlg/suo/kiyd/item.htm?query=1&channel_id=1981284352]\n");
    eddy_env_free(eddy_tenv_env(t));
}

TEST(the_first_person_through_the_view) {
    eddy_tenv *t = nexmark_env(1, true, "'events.num' = '60'");
    ASSERT_EQ_INT(exec(t, "CREATE VIEW person AS SELECT person.id, person.name, person.emailAddress, "
                          "person.creditCard, person.city, person.state, dateTime, person.extra "
                          "FROM datagen WHERE event_type = 0"),
                  EDDY_OK);
    ASSERT_TEXT(sql_query_lines(t, "SELECT id, name, emailAddress, creditCard, city, state, dateTime FROM person"),
                "+I[1001, Sarah Smith, f  y@yumv.com, 0892 2755 1923 0591, Los Angeles, ID, "
                "2023-11-14T22:13:20.004]\n");
    eddy_env_free(eddy_tenv_env(t));
}

/* Every event as a line (its kind, ids, prices, times, channel and extra):
 * the multiset must not depend on the parallelism. */
static char *all_events(int p, bool batch) {
    eddy_tenv *t = nexmark_env(p, batch, "'events.num' = '5003'");
    char *text = sql_query_lines(t, "SELECT event_type, person.id, person.name, person.extra, auction.id, auction.seller, "
                                "auction.expires, auction.extra, bid.auction, bid.bidder, bid.price, bid.url, "
                                "bid.extra, dateTime FROM datagen");
    eddy_env_free(eddy_tenv_env(t));
    return sorted_lines(text);
}

TEST(parallel_instances_produce_the_events_of_one) {
    char *one = all_events(1, false);
    ASSERT_TRUE(strncmp(one, "ERROR", 5) != 0);
    int lines = 0;
    for (const char *p = one; *p; p++) lines += *p == '\n';
    ASSERT_EQ_INT(lines, 5003);
    char *two = all_events(2, false), *three = all_events(3, false), *batch4 = all_events(4, true);
    int same = !strcmp(one, two) && !strcmp(one, three) && !strcmp(one, batch4);
    free(one);
    free(two);
    free(three);
    free(batch4);
    ASSERT_TRUE(same);
}

TEST(bounded_only_with_events_num) {
    eddy_tenv *t = nexmark_env(1, true, "");
    ASSERT_TRUE(!eddy_tenv_execute_sql(t, "SELECT * FROM bid"));
    ASSERT_ENV_ERROR(eddy_tenv_env(t), EDDY_E_VALIDATION,
                     "Querying an unbounded table 'default_catalog.default_database.datagen' in batch mode is not "
                     "allowed. The table source is unbounded.");
    eddy_env_free(eddy_tenv_env(t));
    /* unbounded in streaming mode: read two rows, then cancel */
    t = nexmark_env(1, false, "'first-event.rate' = '1000'");
    eddy_table *tab = eddy_tenv_sql_query(t, "SELECT auction, bidder, dateTime FROM bid");
    eddy_iter *it = eddy_result_collect(eddy_table_execute(tab));
    const eddy_row *row;
    char buf[2][256];
    for (int i = 0; i < 2; i++) {
        ASSERT_EQ_INT(eddy_iter_next(it, &row), EDDY_ROW);
        eddy_row_to_string(row, buf[i], sizeof buf[i]);
    }
    eddy_iter_free(it);
    ASSERT_STR_EQ(buf[0], "+I[1000, 2001, 2023-11-14T22:13:20.003]");
    ASSERT_STR_EQ(buf[1], "+I[1000, 2009, 2023-11-14T22:13:20.004]");
    eddy_env_free(eddy_tenv_env(t));
}

TEST(paced_by_the_wall_clock_the_events_are_the_same) {
    /* max-emit-speed = false: 20 events at 4000/s take about 5 ms */
    eddy_tenv *t = nexmark_env(1, false, "'events.num' = '20', 'first-event.rate' = '4000'");
    char *fast = sql_query_lines(t, "SELECT auction, bidder, price, dateTime FROM bid");
    eddy_env_free(eddy_tenv_env(t));
    t = nexmark_env(1, false, "'events.num' = '20', 'first-event.rate' = '4000', 'max-emit-speed' = 'false'");
    char *paced = sql_query_lines(t, "SELECT auction, bidder, price, dateTime FROM bid");
    eddy_env_free(eddy_tenv_env(t));
    int same = !strcmp(fast, paced) && !strncmp(fast, "+I[1000, 2001, 32530001, 2023-11-14T22:13:20]", 45);
    if (!same) fprintf(stderr, "fast:\n%s\npaced:\n%s\n", fast, paced);
    free(fast);
    free(paced);
    ASSERT_TRUE(same);
}

TEST(options_are_checked) {
    eddy_tenv *t = nexmark_env(1, false, "'events.num' = '10', 'rows-per-second' = '5'");
    ASSERT_TRUE(!eddy_tenv_execute_sql(t, "SELECT * FROM bid"));
    ASSERT_ENV_ERROR(eddy_tenv_env(t), EDDY_E_VALIDATION,
                     "Unsupported options found for 'nexmark'.\n\nUnsupported options:\n\nrows-per-second\n\n"
                     "Supported options:\n\nauction.avg-size\nauction.hot-ratio.sellers\nauction.proportion\n"
                     "base-time\nbid.avg-size\nbid.hot-ratio.auctions\nbid.hot-ratio.bidders\nbid.proportion\n"
                     "connector\nevents.num\nfirst-event.rate\nkeep-alive\nmax-emit-speed\nnext-event.rate\n"
                     "person.avg-size\nperson.proportion\nrate.limited\nrate.period\nrate.shape\nstop-at");
    eddy_env_free(eddy_tenv_env(t));
    static const char *const bad[][2] = {
        {"'first-event.rate' = 'fast'", "Could not parse value 'fast' for key 'first-event.rate'."},
        {"'first-event.rate' = '3000000000'", "Could not parse value '3000000000' for key 'first-event.rate'."},
        {"'bid.avg-size' = '1 parsec'", "Could not parse value '1 parsec' for key 'bid.avg-size'."},
        {"'rate.shape' = 'TRIANGLE'", "Could not parse value 'TRIANGLE' for key 'rate.shape'."},
        {"'rate.period' = '10 fortnights'", "Could not parse value '10 fortnights' for key 'rate.period'."},
        {"'max-emit-speed' = 'yes'", "Could not parse value 'yes' for key 'max-emit-speed'."},
        {"'first-event.rate' = '0'", "'first-event.rate' must be positive, but is 0."},
        {"'bid.proportion' = '-1'",
         "The proportions of persons, auctions and bids must not be negative and must not all be 0."},
        {"'events.num' = '-5'", "'events.num' must not be negative, but is -5."},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        t = nexmark_env(1, false, bad[i][0]);
        ASSERT_TRUE(!eddy_tenv_execute_sql(t, "SELECT * FROM bid"));
        ASSERT_ENV_ERROR(eddy_tenv_env(t), EDDY_E_VALIDATION, bad[i][1]);
        eddy_env_free(eddy_tenv_env(t));
    }
    /* accepted values of every kind, down to the sizes: a 1kb bid has a
     * longer extra than the default 100b one */
    t = nexmark_env(1, false,
                    "'events.num' = '5', 'rate.shape' = 'sine', 'rate.period' = '10 min', 'rate.limited' = 'true', "
                    "'next-event.rate' = '5', 'stop-at' = '3', 'bid.avg-size' = '1kb', 'person.avg-size' = '100 b', "
                    "'auction.avg-size' = '2k'");
    ASSERT_TEXT(sql_query_lines(t, "SELECT CHAR_LENGTH(extra) > 700 FROM bid"), "+I[true]\n+I[true]\n+I[true]\n");
    eddy_env_free(eddy_tenv_env(t));
}

TEST(the_schema_must_be_the_sources) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    ASSERT_EQ_INT(exec(t, "CREATE TABLE n (event_type INT, bid ROW<auction BIGINT>) WITH ('connector' = 'nexmark')"),
                  EDDY_OK);
    ASSERT_TRUE(!eddy_tenv_execute_sql(t, "SELECT * FROM n"));
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "The nexmark source table must be in the schema of \nroot\n |-- event_type: INT\n"
                     " |-- person: ROW<`id` BIGINT, `name` STRING, `emailAddress` STRING, `creditCard` STRING, "
                     "`city` STRING, `state` STRING, `dateTime` TIMESTAMP(3), `extra` STRING>\n"
                     " |-- auction: ROW<`id` BIGINT, `itemName` STRING, `description` STRING, `initialBid` BIGINT, "
                     "`reserve` BIGINT, `dateTime` TIMESTAMP(3), `expires` TIMESTAMP(3), `seller` BIGINT, "
                     "`category` BIGINT, `extra` STRING>\n"
                     " |-- bid: ROW<`auction` BIGINT, `bidder` BIGINT, `price` BIGINT, `channel` STRING, "
                     "`url` STRING, `dateTime` TIMESTAMP(3), `extra` STRING>\n"
                     ". However, It is \nroot\n |-- event_type: INT\n |-- bid: ROW<`auction` BIGINT>\n");
    eddy_env_free(env);
}

int main(void) {
    RUN(first_events_through_sql);
    RUN(the_first_person_through_the_view);
    RUN(parallel_instances_produce_the_events_of_one);
    RUN(bounded_only_with_events_num);
    RUN(paced_by_the_wall_clock_the_events_are_the_same);
    RUN(options_are_checked);
    RUN(the_schema_must_be_the_sources);
    return test_report();
}
