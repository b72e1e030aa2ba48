/*
 * test_kafka.c -- the 'kafka' and 'upsert-kafka' connectors against
 * librdkafka's in-process mock cluster (3 brokers): the test creates
 * topics, produces messages with librdkafka's own producer, and runs SQL
 * whose 'properties.bootstrap.servers' is the mock cluster's address.
 * Bounded reads (scan.bounded.mode) in both runtime modes, metadata
 * columns, key and value formats, the sink read back, upsert tombstones,
 * errors (unknown topic, malformed message, options) and injected broker
 * errors that the clients retry.
 */
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#include <dirent.h>
#include <dlfcn.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include <time.h>

#include "fs_check.h"

static rd_kafka_t *mock_rk;
static rd_kafka_mock_cluster_t *mock;
static const char *boot;
static char sql[8192];

static void mock_start(void) {
    char why[256];
    rd_kafka_conf_t *c = rd_kafka_conf_new();
    rd_kafka_conf_set(c, "log_level", "0", why, sizeof why);
    mock_rk = rd_kafka_new(RD_KAFKA_PRODUCER, c, why, sizeof why);
    mock = rd_kafka_mock_cluster_new(mock_rk, 3);
    boot = rd_kafka_mock_cluster_bootstraps(mock);
}

static void mock_stop(void) {
    rd_kafka_mock_cluster_destroy(mock);
    rd_kafka_destroy(mock_rk);
}

typedef struct Msg {
    int32_t partition;
    const char *key, *value; /* NULL: none (a tombstone for the value) */
    int64_t ts;
    const char *hname, *hval; /* one header, or NULL */
} Msg;

/* Produces the messages (and waits for every delivery). */
static void produce(const char *topic, const Msg *m, int n) {
    char why[256];
    rd_kafka_conf_t *c = rd_kafka_conf_new();
    rd_kafka_conf_set(c, "bootstrap.servers", boot, why, sizeof why);
    rd_kafka_t *p = rd_kafka_new(RD_KAFKA_PRODUCER, c, why, sizeof why);
    for (int i = 0; i < n; i++) {
        rd_kafka_headers_t *h = NULL;
        if (m[i].hname) {
            h = rd_kafka_headers_new(1);
            rd_kafka_header_add(h, m[i].hname, -1, m[i].hval, -1);
        }
        rd_kafka_resp_err_t e = rd_kafka_producev(
            p, RD_KAFKA_V_TOPIC(topic), RD_KAFKA_V_PARTITION(m[i].partition), RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY),
            RD_KAFKA_V_KEY(m[i].key, m[i].key ? strlen(m[i].key) : 0),
            RD_KAFKA_V_VALUE((void *)m[i].value, m[i].value ? strlen(m[i].value) : 0), RD_KAFKA_V_TIMESTAMP(m[i].ts),
            RD_KAFKA_V_HEADERS(h), RD_KAFKA_V_END);
        if (e) {
            fprintf(stderr, "produce: %s\n", rd_kafka_err2str(e));
            if (h) rd_kafka_headers_destroy(h);
        }
    }
    rd_kafka_flush(p, 10000);
    rd_kafka_destroy(p);
}

static eddy_tenv *tenv(eddy_env **env, int par, eddy_runtime_mode mode) {
    *env = new_env(par);
    return eddy_tenv_new_in_mode(*env, mode);
}

/* Runs an INSERT to its end: "OK" or "ERROR: <message>". */
static char *insert(eddy_tenv *t, const char *q) {
    eddy_result *r = eddy_tenv_execute_sql(t, q);
    if (!r) return env_error_text(eddy_tenv_env(t));
    eddy_status st = eddy_result_await(r);
    eddy_result_free(r);
    return st ? env_error_text(eddy_tenv_env(t)) : strdup("OK");
}

#define EXEC(t, s) ASSERT_TEXT(exec_sql((t), (s)), "OK\n")
/* sql := the formatted text (with the mock's bootstrap address as %s where wanted) */
#define SQL(...) (snprintf(sql, sizeof sql, __VA_ARGS__), sql)

TEST(earliest_bounded_both_modes) {
    rd_kafka_mock_topic_create(mock, "orders", 3, 1);
    Msg m[] = {
        {0, NULL, "{\"id\": 1, \"item\": \"apple\"}", 1000, NULL, NULL},
        {1, NULL, "{\"id\": 2, \"item\": \"pear\"}", 2000, NULL, NULL},
        {2, NULL, "{\"id\": 3, \"item\": \"fig\"}", 3000, NULL, NULL},
        {0, NULL, "{\"id\": 4, \"item\": \"plum\"}", 4000, NULL, NULL},
        {2, NULL, NULL, 5000, NULL, NULL}, /* a null value: no row */
    };
    produce("orders", m, 5);
    for (int mode = 0; mode < 2; mode++)
        for (int par = 1; par <= 3; par += 2) {
            eddy_env *env;
            eddy_tenv *t = tenv(&env, par, mode ? EDDY_STREAMING : EDDY_BATCH);
            EXEC(t, SQL("CREATE TABLE orders (id INT, item STRING) WITH ('connector' = 'kafka', 'topic' = 'orders', "
                        "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'scan.startup.mode' = "
                        "'earliest-offset', 'scan.bounded.mode' = 'latest-offset')",
                        boot));
            ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT * FROM orders")),
                        "+I[1, apple]\n+I[2, pear]\n+I[3, fig]\n+I[4, plum]\n");
            if (!mode) ASSERT_TEXT(exec_sql(t, "SELECT COUNT(*), SUM(id) FROM orders"), "+I[4, 10]\n");
            eddy_env_free(env);
        }
}

TEST(metadata_columns) {
    char *got;
    rd_kafka_mock_topic_create(mock, "meta", 2, 1);
    Msg m[] = {
        {0, "k1", "a", 1700000000000, "h", "hi"},
        {1, NULL, "b", 1700000001500, NULL, NULL},
        {0, "k3", "c", 1700000002000, NULL, NULL},
    };
    produce("meta", m, 3);
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 2, EDDY_BATCH);
    EXEC(t, SQL("CREATE TABLE meta (v STRING, `topic` STRING METADATA VIRTUAL, part INT METADATA FROM 'partition' "
                "VIRTUAL, off BIGINT METADATA FROM 'offset' VIRTUAL, ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp', "
                "tt STRING METADATA FROM 'timestamp-type' VIRTUAL, hs MAP<STRING, BYTES> METADATA FROM 'headers' "
                "VIRTUAL, le INT METADATA FROM 'leader-epoch' VIRTUAL) WITH ('connector' = 'kafka', 'topic' = "
                "'meta', 'properties.bootstrap.servers' = '%s', 'format' = 'raw', 'scan.startup.mode' = "
                "'earliest-offset', 'scan.bounded.mode' = 'latest-offset')",
                boot));
    ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT v, `topic`, part, off, CAST(ts AS STRING), tt, CARDINALITY(hs), "
                                         "CAST(hs['h'] AS STRING), le FROM meta")),
                "+I[a, meta, 0, 0, 2023-11-14 22:13:20.000, CreateTime, 1, hi, null]\n"
                "+I[b, meta, 1, 0, 2023-11-14 22:13:21.500, CreateTime, 0, null, null]\n"
                "+I[c, meta, 0, 1, 2023-11-14 22:13:22.000, CreateTime, 0, null, null]\n");
    /* specific offsets to start and to stop (the mock cluster looks up no offsets by timestamp:
     * the timestamp modes are not tested here) */
    ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT v FROM meta /*+ OPTIONS('scan.startup.mode' = 'specific-offsets', "
                                         "'scan.startup.specific-offsets' = 'partition:0,offset:1') */")),
                "+I[b]\n+I[c]\n");
    ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT v FROM meta /*+ OPTIONS('scan.bounded.mode' = 'specific-offsets', "
                                         "'scan.bounded.specific-offsets' = 'partition:0,offset:1;partition:1,offset:1') */")),
                "+I[a]\n+I[b]\n");
    ASSERT_TEXT(exec_sql(t, "SELECT v FROM meta /*+ OPTIONS('scan.startup.mode' = 'latest-offset') */"), "");
    /* group offsets: none committed yet, no reset strategy */
    got = exec_sql(t, "SELECT v FROM meta /*+ OPTIONS('scan.startup.mode' = 'group-offsets', 'properties.group.id' = "
                      "'g1', 'scan.parallelism' = '1') */");
    ASSERT_TEXT(got, "ERROR: Undefined offset with no reset policy for partitions: [meta-0, meta-1]");
    ASSERT_TEXT(exec_sql(t, "SELECT v FROM meta /*+ OPTIONS('scan.startup.mode' = 'group-offsets', "
                            "'properties.group.id' = 'g1', 'properties.auto.offset.reset' = 'latest') */"), "");
    /* a bounded read with a group commits its offsets: the next group-offsets read starts there */
    ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT v FROM meta /*+ OPTIONS('properties.group.id' = 'g2', "
                                         "'scan.bounded.mode' = 'specific-offsets', 'scan.bounded.specific-offsets' = "
                                         "'partition:0,offset:1;partition:1,offset:1') */")),
                "+I[a]\n+I[b]\n");
    ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT v FROM meta /*+ OPTIONS('properties.group.id' = 'g2', "
                                         "'scan.startup.mode' = 'group-offsets') */")),
                "+I[c]\n");
    eddy_env_free(env);
}

TEST(key_and_value_fields) {
    rd_kafka_mock_topic_create(mock, "kv", 1, 1);
    Msg m[] = {
        {0, "{\"id\": 7}", "{\"name\": \"seven\", \"n\": 70}", 1, NULL, NULL},
        {0, "{\"id\": 8}", "{\"name\": \"eight\", \"n\": 80}", 2, NULL, NULL},
        {0, NULL, "{\"name\": \"nokey\", \"n\": 0}", 3, NULL, NULL},
    };
    produce("kv", m, 3);
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 1, EDDY_BATCH);
    EXEC(t, SQL("CREATE TABLE kv (k_id INT, name STRING, n INT) WITH ('connector' = 'kafka', 'topic' = 'kv', "
                "'properties.bootstrap.servers' = '%s', 'key.format' = 'json', 'key.fields' = 'k_id', "
                "'key.fields-prefix' = 'k_', 'value.format' = 'json', 'value.fields-include' = 'EXCEPT_KEY', "
                "'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset')",
                boot));
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM kv"), "+I[7, seven, 70]\n+I[8, eight, 80]\n+I[null, nokey, 0]\n");
    /* ALL: the key fields come from the value (where 'k_id' is absent) */
    EXEC(t, SQL("CREATE TABLE kv2 (id INT, name STRING) WITH ('connector' = 'kafka', 'topic' = 'kv', "
                "'properties.bootstrap.servers' = '%s', 'key.format' = 'json', 'key.fields' = 'id', "
                "'value.format' = 'json', 'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = "
                "'latest-offset')",
                boot));
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM kv2"), "+I[null, seven]\n+I[null, eight]\n+I[null, nokey]\n");
    /* option errors, in Flink's words */
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM kv /*+ OPTIONS('value.fields-include' = 'ALL') */"),
                "ERROR: A key prefix is not allowed when option 'value.fields-include' is set to 'ALL'. Set it to "
                "'EXCEPT_KEY' instead to avoid field overlaps.");
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM kv /*+ OPTIONS('key.fields' = 'k_nope') */"),
                "ERROR: Could not find the field 'k_nope' in the table schema for usage in the key format. A key "
                "field must be a regular, physical column. The following columns can be selected in the "
                "'key.fields' option:\n[k_id, name, n]");
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM kv /*+ OPTIONS('key.fields' = 'name') */"),
                "ERROR: All fields in 'key.fields' must be prefixed with 'k_' when option 'key.fields-prefix' is set "
                "but field 'name' is not prefixed.");
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM kv /*+ OPTIONS('topic-pattern' = 'k.*') */"),
                "ERROR: Option 'topic' and 'topic-pattern' shouldn't be set together.");
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM kv /*+ OPTIONS('scan.startup.mode' = 'timestamp') */"),
                "ERROR: 'scan.startup.timestamp-millis' is required in 'timestamp' startup mode but missing.");
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM kv /*+ OPTIONS('scan.startup.mode' = 'specific-offsets', "
                            "'scan.startup.specific-offsets' = 'partition:0;offset:1') */"),
                "ERROR: Invalid properties 'scan.startup.specific-offsets' should follow the format "
                "'partition:0,offset:42;partition:1,offset:300', but is 'partition:0;offset:1'.");
    EXEC(t, SQL("CREATE TABLE nokey (a INT) WITH ('connector' = 'kafka', 'topic' = 'kv', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'key.fields' = 'a')",
                boot));
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM nokey"),
                "ERROR: The option 'key.fields' can only be declared if a key format is defined using 'key.format'.");
    EXEC(t, SQL("CREATE TABLE notopic (a INT) WITH ('connector' = 'kafka', 'properties.bootstrap.servers' = '%s', "
                "'format' = 'json')",
                boot));
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM notopic"), "ERROR: Either 'topic' or 'topic-pattern' must be set.");
    EXEC(t, "CREATE TABLE noboot (a INT) WITH ('connector' = 'kafka', 'topic' = 'x', 'format' = 'json')");
    char *got = exec_sql(t, "SELECT * FROM noboot");
    ASSERT_STR_CONTAINS(got, "One or more required options are missing.\n\nMissing required options are:\n\n"
                             "properties.bootstrap.servers");
    free(got);
    eddy_env_free(env);
}

TEST(topic_pattern_and_unknown_topic) {
    rd_kafka_mock_topic_create(mock, "logs-a", 1, 1);
    rd_kafka_mock_topic_create(mock, "logs-b", 2, 1);
    Msg a[] = {{0, NULL, "a1", 1, NULL, NULL}};
    Msg b[] = {{0, NULL, "b1", 1, NULL, NULL}, {1, NULL, "b2", 1, NULL, NULL}};
    produce("logs-a", a, 1);
    produce("logs-b", b, 2);
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 2, EDDY_BATCH);
    EXEC(t, SQL("CREATE TABLE logs (v STRING, tp STRING METADATA FROM 'topic') WITH ('connector' = 'kafka', "
                "'topic-pattern' = 'logs-.*', 'properties.bootstrap.servers' = '%s', 'format' = 'raw', "
                "'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset')",
                boot));
    ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT * FROM logs")), "+I[a1, logs-a]\n+I[b1, logs-b]\n+I[b2, logs-b]\n");
    EXEC(t, SQL("CREATE TABLE two (v STRING) WITH ('connector' = 'kafka', 'topic' = 'logs-a;logs-b', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'raw', 'scan.startup.mode' = 'earliest-offset', "
                "'scan.bounded.mode' = 'latest-offset')",
                boot));
    ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT * FROM two")), "+I[a1]\n+I[b1]\n+I[b2]\n");
    EXEC(t, SQL("CREATE TABLE missing (v STRING) WITH ('connector' = 'kafka', 'topic' = 'nosuchtopic', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'raw', 'scan.bounded.mode' = 'latest-offset')",
                boot));
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM missing"),
                "ERROR: Failed to get metadata for topics [nosuchtopic]: the topic does not exist");
    eddy_env_free(env);
}

TEST(malformed_messages) {
    rd_kafka_mock_topic_create(mock, "bad", 1, 1);
    Msg m[] = {
        {0, NULL, "{\"a\": 1}", 1, NULL, NULL},
        {0, NULL, "{not json", 2, NULL, NULL},
        {0, NULL, "{\"a\": 3}", 3, NULL, NULL},
    };
    produce("bad", m, 3);
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 1, EDDY_BATCH);
    EXEC(t, SQL("CREATE TABLE bad (a INT) WITH ('connector' = 'kafka', 'topic' = 'bad', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'scan.startup.mode' = "
                "'earliest-offset', 'scan.bounded.mode' = 'latest-offset')",
                boot));
    char *got = exec_sql(t, "SELECT * FROM bad");
    ASSERT_STR_CONTAINS(got, "ERROR: Failed to deserialize consumer record ConsumerRecord(topic = bad, partition = 0, "
                             "offset = 1): Failed to deserialize JSON '{not json': Unexpected character ('n' (code 110)): was "
                             "expecting double-quote to start field name (column 2)");
    free(got);
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM bad /*+ OPTIONS('json.ignore-parse-errors' = 'true') */"),
                "+I[1]\n+I[3]\n");
    const char *report;
    eddy_table *tb = eddy_tenv_sql_query(t, "SELECT * FROM bad /*+ OPTIONS('json.ignore-parse-errors' = 'true') */");
    eddy_iter *it = eddy_result_collect(eddy_table_execute(tb));
    const eddy_row *row;
    while (eddy_iter_next(it, &row) == EDDY_ROW) {
    }
    ASSERT_EQ_INT(eddy_iter_malformed_records(it, &report), 1);
    ASSERT_STR_EQ(report, "1 malformed record in bad-0 (1 skipped); first at line 1: Failed to deserialize JSON "
                        "'{not json': Unexpected character ('n' (code 110)): was expecting double-quote to start "
                        "field name (column 2)\n");
    eddy_iter_free(it);
    eddy_env_free(env);
}

TEST(sink_read_back) {
    rd_kafka_mock_topic_create(mock, "out", 3, 1);
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 2, EDDY_BATCH);
    EXEC(t, SQL("CREATE TABLE out_t (id INT, name STRING, part INT METADATA FROM 'partition' VIRTUAL) WITH "
                "('connector' = 'kafka', 'topic' = 'out', 'properties.bootstrap.servers' = '%s', 'key.format' = "
                "'raw', 'key.fields' = 'name', 'value.format' = 'csv', 'scan.startup.mode' = 'earliest-offset', "
                "'scan.bounded.mode' = 'latest-offset', 'sink.delivery-guarantee' = 'at-least-once')",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO out_t (id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'a')"), "OK");
    ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT id, name FROM out_t")), "+I[1, a]\n+I[2, b]\n+I[3, c]\n+I[4, a]\n");
    /* the default partitioner hashes the key: equal keys share a partition */
    ASSERT_TEXT(exec_sql(t, "SELECT COUNT(DISTINCT part) FROM out_t WHERE name = 'a'"), "+I[1]\n");
    /* round-robin spreads rows over every partition */
    EXEC(t, SQL("CREATE TABLE rr (id INT, part INT METADATA FROM 'partition' VIRTUAL) WITH ('connector' = 'kafka', "
                "'topic' = 'rr', 'properties.bootstrap.servers' = '%s', 'format' = 'json', 'sink.partitioner' = "
                "'round-robin', 'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset')",
                boot));
    rd_kafka_mock_topic_create(mock, "rr", 3, 1);
    ASSERT_TEXT(insert(t, "INSERT INTO rr /*+ OPTIONS('sink.parallelism' = '1') */ VALUES (1), (2), (3), (4), (5), (6)"), "OK");
    ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT part, COUNT(*) FROM rr GROUP BY part")),
                "+I[0, 2]\n+I[1, 2]\n+I[2, 2]\n");
    /* fixed: each subtask writes to one partition */
    EXEC(t, SQL("CREATE TABLE fx (id INT, part INT METADATA FROM 'partition' VIRTUAL) WITH ('connector' = 'kafka', "
                "'topic' = 'fx', 'properties.bootstrap.servers' = '%s', 'format' = 'json', 'sink.partitioner' = "
                "'fixed', 'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset')",
                boot));
    rd_kafka_mock_topic_create(mock, "fx", 3, 1);
    ASSERT_TEXT(insert(t, "INSERT INTO fx /*+ OPTIONS('sink.parallelism' = '1') */ VALUES (1), (2), (3)"), "OK");
    ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT part, COUNT(*) FROM fx GROUP BY part")), "+I[0, 3]\n");
    /* sink option errors */
    EXEC(t, SQL("CREATE TABLE e1 (id INT, name STRING) WITH ('connector' = 'kafka', 'topic' = 'out', "
                "'properties.bootstrap.servers' = '%s', 'key.format' = 'raw', 'key.fields' = 'name', 'value.format' = "
                "'csv', 'sink.partitioner' = 'round-robin')",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO e1 VALUES (1, 'a')"),
                "ERROR: Currently 'round-robin' partitioner only works when option 'key.fields' is not specified.");
    EXEC(t, SQL("CREATE TABLE e2 (id INT) WITH ('connector' = 'kafka', 'topic' = 'out', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'sink.delivery-guarantee' = 'exactly-once')",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO e2 VALUES (1)"),
                "ERROR: sink.transactional-id-prefix must be specified when using DeliveryGuarantee.EXACTLY_ONCE.");
    EXEC(t, SQL("CREATE TABLE e3 (id INT) WITH ('connector' = 'kafka', 'topic' = 'out', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'sink.partitioner' = 'com.example.P')",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO e3 VALUES (1)"),
                "ERROR: Could not find and instantiate partitioner class 'com.example.P'");
    eddy_env_free(env);
}

TEST(upsert_kafka) {
    rd_kafka_mock_topic_create(mock, "users", 2, 1);
    Msg m[] = {
        {0, "{\"id\": 1}", "{\"id\": 1, \"name\": \"ann\"}", 1, NULL, NULL},
        {1, "{\"id\": 2}", "{\"id\": 2, \"name\": \"bob\"}", 2, NULL, NULL},
        {0, "{\"id\": 1}", "{\"id\": 1, \"name\": \"anna\"}", 3, NULL, NULL},
        {1, "{\"id\": 2}", NULL, 4, NULL, NULL}, /* tombstone */
    };
    produce("users", m, 4);
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 1, EDDY_STREAMING);
    EXEC(t, SQL("CREATE TABLE users (id INT, name STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = "
                "'upsert-kafka', 'topic' = 'users', 'properties.bootstrap.servers' = '%s', 'key.format' = 'json', "
                "'value.format' = 'json', 'scan.bounded.mode' = 'latest-offset')",
                boot));
    /* partition 0 then 1 in some interleaving: per key the changelog is fixed */
    char *all = exec_sql(t, "SELECT * FROM users");
    ASSERT_STR_CONTAINS(all, "+I[1, ann]\n");
    ASSERT_STR_CONTAINS(all, "-U[1, ann]\n+U[1, anna]\n");
    ASSERT_STR_CONTAINS(all, "+I[2, bob]\n");
    ASSERT_STR_CONTAINS(all, "-D[2, bob]\n");
    ASSERT_EQ_INT(count_lines(all), 5);
    free(all);
    /* the sink: upserts and tombstones, read back as the final state */
    rd_kafka_mock_topic_create(mock, "counts", 1, 1);
    EXEC(t, SQL("CREATE TABLE counts (name STRING, c BIGINT, PRIMARY KEY (name) NOT ENFORCED) WITH ('connector' = "
                "'upsert-kafka', 'topic' = 'counts', 'properties.bootstrap.servers' = '%s', 'key.format' = 'raw', "
                "'value.format' = 'json', 'scan.bounded.mode' = 'latest-offset')",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO counts SELECT name, COUNT(*) FROM (VALUES ('x'), ('y'), ('x')) AS v(name) "
                          "GROUP BY name"), "OK");
    EXEC(t, SQL("CREATE TABLE counts_raw (k STRING, v STRING) WITH ('connector' = 'kafka', 'topic' = 'counts', "
                "'properties.bootstrap.servers' = '%s', 'key.format' = 'raw', 'key.fields' = 'k', 'value.format' = "
                "'raw', 'value.fields-include' = 'EXCEPT_KEY', 'scan.startup.mode' = 'earliest-offset', "
                "'scan.bounded.mode' = 'latest-offset')",
                boot));
    /* one message per +I / +U: the upsert key is the primary key, so no -U comes */
    ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT * FROM counts_raw")),
                "+I[x, {\"name\":\"x\",\"c\":1}]\n+I[x, {\"name\":\"x\",\"c\":2}]\n+I[y, {\"name\":\"y\",\"c\":1}]\n");
    /* eddy's planner sends this sink -U as well (the upsert key is not
     * derived through VALUES): a tombstone before the new value */
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM counts"), "+I[x, 1]\n+I[y, 1]\n-D[x, 1]\n+I[x, 2]\n");
    /* a retraction becomes a tombstone */
    ASSERT_TEXT(insert(t, "INSERT INTO counts SELECT name, c FROM (SELECT name, COUNT(*) AS c FROM (VALUES ('x'), ('y'), "
                    "('x')) AS v(name) GROUP BY name) WHERE c < 2"), "OK");
    /* -U[x, 1] (x's count leaves the filter) is a tombstone; y's unchanged value is no change */
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM counts"),
                "+I[x, 1]\n+I[y, 1]\n-D[x, 1]\n+I[x, 2]\n-U[x, 2]\n+U[x, 1]\n-D[x, 1]\n");
    /* sink buffer flushing: both options or neither (Flink's check); eddy refuses to buffer */
    EXEC(t, SQL("CREATE TABLE bf1 (name STRING, c BIGINT, PRIMARY KEY (name) NOT ENFORCED) WITH ('connector' = "
                "'upsert-kafka', 'topic' = 'counts', 'properties.bootstrap.servers' = '%s', 'key.format' = 'raw', "
                "'value.format' = 'json', 'sink.buffer-flush.max-rows' = '10')",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO bf1 VALUES ('a', 1)"),
                "ERROR: 'sink.buffer-flush.max-rows' and 'sink.buffer-flush.interval' must be set to be greater than "
                "zero together to enable sink buffer flushing.");
    EXEC(t, SQL("CREATE TABLE bf2 (name STRING, c BIGINT, PRIMARY KEY (name) NOT ENFORCED) WITH ('connector' = "
                "'upsert-kafka', 'topic' = 'counts', 'properties.bootstrap.servers' = '%s', 'key.format' = 'raw', "
                "'value.format' = 'json', 'sink.buffer-flush.max-rows' = '10', 'sink.buffer-flush.interval' = '1 s')",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO bf2 VALUES ('a', 1)"),
                "ERROR: not supported yet: sink buffer flushing of 'upsert-kafka' ('sink.buffer-flush.max-rows' and "
                "'sink.buffer-flush.interval' > 0); without them each change is written as it comes");
    EXEC(t, SQL("CREATE TABLE bf3 (name STRING, c BIGINT, PRIMARY KEY (name) NOT ENFORCED) WITH ('connector' = "
                "'upsert-kafka', 'topic' = 'counts', 'properties.bootstrap.servers' = '%s', 'key.format' = 'raw', "
                "'value.format' = 'json', 'sink.buffer-flush.max-rows' = '0', 'sink.buffer-flush.interval' = '0 s')",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO bf3 VALUES ('b', 1)"), "OK");
    /* the PRIMARY KEY is required */
    EXEC(t, SQL("CREATE TABLE nopk (id INT, name STRING) WITH ('connector' = 'upsert-kafka', 'topic' = 'users', "
                "'properties.bootstrap.servers' = '%s', 'key.format' = 'json', 'value.format' = 'json')",
                boot));
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM nopk"),
                "ERROR: 'upsert-kafka' tables require to define a PRIMARY KEY constraint. The PRIMARY KEY specifies "
                "which columns should be read from or write to the Kafka message key. The PRIMARY KEY also defines "
                "records in the 'upsert-kafka' table should update or delete on which keys.");
    eddy_env_free(env);
}

TEST(broker_errors_retried) {
    rd_kafka_mock_topic_create(mock, "flaky", 2, 1);
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 1, EDDY_BATCH);
    EXEC(t, SQL("CREATE TABLE flaky (id INT) WITH ('connector' = 'kafka', 'topic' = 'flaky', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'scan.startup.mode' = "
                "'earliest-offset', 'scan.bounded.mode' = 'latest-offset')",
                boot));
    /* Produce (API key 0) and Fetch (1) fail with retriable errors a few times */
    rd_kafka_mock_push_request_errors(mock, 0, 3, RD_KAFKA_RESP_ERR_NOT_LEADER_FOR_PARTITION,
                                      RD_KAFKA_RESP_ERR_REQUEST_TIMED_OUT, RD_KAFKA_RESP_ERR_NOT_ENOUGH_REPLICAS);
    ASSERT_TEXT(insert(t, "INSERT INTO flaky VALUES (1), (2), (3), (4)"), "OK");
    rd_kafka_mock_push_request_errors(mock, 1, 2, RD_KAFKA_RESP_ERR_NOT_LEADER_FOR_PARTITION,
                                      RD_KAFKA_RESP_ERR_REQUEST_TIMED_OUT);
    ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT * FROM flaky")), "+I[1]\n+I[2]\n+I[3]\n+I[4]\n");
    /* a delivery that cannot succeed fails the job */
    rd_kafka_mock_topic_create(mock, "denied", 1, 1);
    EXEC(t, SQL("CREATE TABLE denied (id INT) WITH ('connector' = 'kafka', 'topic' = 'denied', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'json')",
                boot));
    rd_kafka_mock_push_request_errors(mock, 0, 1, RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED);
    char *r = insert(t, "INSERT INTO denied VALUES (1)");
    ASSERT_STR_CONTAINS(r, "Failed to send data to Kafka: Broker: Topic authorization failed");
    free(r);
    eddy_env_free(env);
}

TEST(unbounded_streaming_cancel) {
    rd_kafka_mock_topic_create(mock, "live", 2, 1);
    Msg m[] = {{0, NULL, "1", 1, NULL, NULL}, {1, NULL, "2", 2, NULL, NULL}, {0, NULL, "3", 3, NULL, NULL}};
    produce("live", m, 3);
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 3, EDDY_STREAMING);
    EXEC(t, SQL("CREATE TABLE live (v STRING) WITH ('connector' = 'kafka', 'topic' = 'live', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'raw', 'scan.startup.mode' = 'earliest-offset')",
                boot));
    eddy_table *tb = eddy_tenv_sql_query(t, "SELECT v FROM live");
    eddy_result *r = eddy_table_execute(tb);
    eddy_iter *it = eddy_result_collect(r);
    const eddy_row *row;
    int n = 0;
    while (n < 3 && eddy_iter_next(it, &row) == EDDY_ROW) n++;
    ASSERT_EQ_INT(n, 3);
    /* a message produced while the job runs arrives too */
    Msg late[] = {{1, NULL, "4", 4, NULL, NULL}};
    produce("live", late, 1);
    ASSERT_EQ_INT(eddy_iter_next(it, &row), EDDY_ROW);
    /* freeing the iterator cancels the unbounded job */
    eddy_iter_free(it);
    eddy_result_free(r);
    /* a subtask without partitions (4 readers, 1 partition) ends a bounded read at once */
    rd_kafka_mock_topic_create(mock, "single", 1, 1);
    produce("single", m, 1);
    EXEC(t, SQL("CREATE TABLE single (v STRING) WITH ('connector' = 'kafka', 'topic' = 'single', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'raw', 'scan.startup.mode' = 'earliest-offset', "
                "'scan.bounded.mode' = 'latest-offset', 'scan.parallelism' = '4')",
                boot));
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM single"), "+I[1]\n");
    eddy_env_free(env);
}

/* Writing metadata: the 'timestamp' and 'headers' columns a table declares
 * (not VIRTUAL) go into the records; read back through the same table.
 * Schema order decides which query column fills which: here the
 * metadata sits between physical columns. Errors for keys a sink cannot
 * write, wrong types, and sinks that write no metadata. */
TEST(sink_metadata) {
    rd_kafka_mock_topic_create(mock, "stamped", 1, 1);
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 1, EDDY_BATCH);
    EXEC(t, SQL("CREATE TABLE st (id INT, ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp', v STRING, hs MAP<STRING, "
                "BYTES> METADATA FROM 'headers', off BIGINT METADATA FROM 'offset' VIRTUAL) WITH ('connector' = "
                "'kafka', 'topic' = 'stamped', 'properties.bootstrap.servers' = '%s', 'format' = 'json', "
                "'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset')",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO st VALUES (1, TO_TIMESTAMP_LTZ(1700000000123, 3), 'a', MAP['h1', "
                          "CAST('x' AS BYTES), 'h2', CAST(NULL AS BYTES)]), (2, TO_TIMESTAMP_LTZ(86400000, 3), 'b', "
                          "CAST(NULL AS MAP<STRING, BYTES>))"),
                "OK");
    ASSERT_TEXT(exec_sql(t, "SELECT id, v, CAST(ts AS STRING), CARDINALITY(hs), CAST(hs['h1'] AS STRING), "
                            "hs['h2'] IS NULL, off FROM st"),
                "+I[1, a, 2023-11-14 22:13:20.123, 2, x, true, 0]\n+I[2, b, 1970-01-02 00:00:00.000, 0, null, true, 1]\n");
    /* a column list names metadata columns too */
    ASSERT_TEXT(insert(t, "INSERT INTO st (v, ts, id) VALUES ('c', TO_TIMESTAMP_LTZ(5000, 3), 3)"), "OK");
    ASSERT_TEXT(exec_sql(t, "SELECT id, v, CAST(ts AS STRING) FROM st WHERE id = 3"), "+I[3, c, 1970-01-01 00:00:05.000]\n");
    /* errors */
    EXEC(t, SQL("CREATE TABLE bad_key (id INT, off BIGINT METADATA FROM 'offset') WITH ('connector' = 'kafka', "
                "'topic' = 'stamped', 'properties.bootstrap.servers' = '%s', 'format' = 'json')",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO bad_key VALUES (1, 2)"),
                "ERROR: Invalid metadata key 'offset' in column 'off' of table 'default_catalog.default_database.bad_key'. "
                "The connector 'kafka' supports the following metadata keys for writing:\nheaders\ntimestamp");
    EXEC(t, SQL("CREATE TABLE bad_type (id INT, ts TIMESTAMP(3) METADATA FROM 'timestamp') WITH ('connector' = "
                "'kafka', 'topic' = 'stamped', 'properties.bootstrap.servers' = '%s', 'format' = 'json')",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO bad_type VALUES (1, TIMESTAMP '2021-01-01 00:00:00')"),
                "ERROR: Invalid data type for metadata column 'ts' of table 'default_catalog.default_database.bad_type'. "
                "The column cannot be declared as 'TIMESTAMP(3)' because the type must be castable to metadata type "
                "'TIMESTAMP_LTZ(3)'.");
    EXEC(t, "CREATE TABLE pr (id INT, m STRING METADATA) WITH ('connector' = 'print')");
    ASSERT_TEXT(insert(t, "INSERT INTO pr VALUES (1, 'x')"),
                "ERROR: Table 'default_catalog.default_database.pr' declares persistable metadata columns, but the "
                "underlying DynamicTableSink doesn't implement the SupportsWritingMetadata interface. If the column "
                "should not be persisted, it can be declared with the VIRTUAL keyword.");
    eddy_env_free(env);
}

/* The table's watermark goes into the source (EXPLAIN: watermark=[..] in the
 * scan, no WatermarkAssigner) and is generated per partition: a partition
 * far behind another holds the watermark back, so none of its rows is late.
 * Partition 0's events are at 100-102 s, partition 1's at 1-3 s; a source
 * watermark of its largest timestamp would drop partition 1's rows as late
 * whenever partition 0 is read first. */
TEST(per_partition_watermarks) {
    rd_kafka_mock_topic_create(mock, "events", 2, 1);
    enum { N = 3000 };
    static Msg m[2 * N];
    static char text[2 * N][80];
    for (int i = 0; i < 2 * N; i++) {
        int part = i < N ? 0 : 1, k = i % N;
        long ms = (part == 0 ? 100000 : 1000) + k * 10;
        snprintf(text[i], sizeof text[i], "{\"id\": %d, \"ts\": \"1970-01-01 00:%02ld:%02ld.%03ld\"}", i, ms / 60000,
                 ms / 1000 % 60, ms % 1000);
        m[i] = (Msg){part, NULL, text[i], 1700000000000, NULL, NULL};
    }
    produce("events", m, 2 * N);
    for (int par = 1; par <= 2; par++) {
        /* batches of 64 rows: the rows of one partition come in many batches */
        eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = par, .batch_size = 64};
        eddy_env *env = eddy_env_new(&cfg);
        eddy_tenv *t = eddy_tenv_new_in_mode(env, EDDY_STREAMING);
        EXEC(t, SQL("CREATE TABLE ev (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '0.001' SECOND) WITH "
                    "('connector' = 'kafka', 'topic' = 'events', 'properties.bootstrap.servers' = '%s', 'format' = "
                    "'json', 'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset')",
                    boot));
        const char *q = "SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ev, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) "
                        "GROUP BY window_start, window_end";
        char *plan = exec_sql(t, SQL("EXPLAIN %s", q));
        ASSERT_STR_CONTAINS(plan, "TableSourceScan(table=[[default_catalog, default_database, ev, watermark=[-(ts, "
                                  "1:INTERVAL SECOND)], watermarkEmitStrategy=[on-periodic]]], fields=[id, ts])");
        ASSERT_TRUE(strstr(plan, "- WatermarkAssigner(") == NULL);
        free(plan);
        ASSERT_TEXT(sorted_lines(exec_sql(t, q)),
                    "+I[1970-01-01T00:00, 3000]\n+I[1970-01-01T00:01, 2000]\n+I[1970-01-01T00:02, 1000]\n");
        ASSERT_EQ_INT(eddy_env_late_records(env, NULL), 0);
        eddy_env_free(env);
    }
}

TEST(unreachable_cluster) {
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 1, EDDY_BATCH);
    /* port 1 on loopback: nothing listens */
    EXEC(t, "CREATE TABLE gone (v STRING) WITH ('connector' = 'kafka', 'topic' = 'x', "
            "'properties.bootstrap.servers' = '127.0.0.1:1', 'format' = 'raw', 'scan.bounded.mode' = "
            "'latest-offset', 'properties.log_level' = '0')");
    char *got = exec_sql(t, "SELECT * FROM gone");
    ASSERT_STR_CONTAINS(got, "ERROR: Failed to get metadata of the Kafka cluster: ");
    free(got);
    EXEC(t, "CREATE TABLE badprop (v STRING) WITH ('connector' = 'kafka', 'topic' = 'x', "
            "'properties.bootstrap.servers' = '127.0.0.1:1', 'format' = 'raw', 'properties.no.such.thing' = 'x', "
            "'scan.bounded.mode' = 'latest-offset')");
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM badprop"),
                "ERROR: Invalid Kafka property 'properties.no.such.thing' = 'x': No such configuration property: "
                "\"no.such.thing\"");
    eddy_env_free(env);
}

/* ---- exactly-once (Kafka transactions) ------------------------------------------------
 *
 * What the mock cluster of librdkafka 2.0 can show: it runs the
 * transaction protocol (InitProducerId with epochs per transactional id,
 * AddPartitionsToTxn, EndTxn, injected errors), but it keeps no
 * transaction state for readers -- its Fetch answers ignore the isolation
 * level, give the log end as the last stable offset and list no aborted
 * transactions, and EndTxn writes no markers. A read_committed consumer
 * of the mock therefore sees open and aborted records too, so these tests
 * check what goes through the protocol (commits, their ids, their
 * failures, the rows of a restarted job) and not what a real broker would
 * hide. */

typedef struct Flaky {
    atomic_long calls;
    long fail_at; /* the call that fails (1-based; 0: none) */
    long sleep_us; /* each call takes that long */
    long pause_ms; /* the failing call waits that long first */
} Flaky;

static eddy_status flaky_eval(void *ctx, const eddy_row *args, eddy_out *out) {
    Flaky *f = ctx;
    long n = atomic_fetch_add(&f->calls, 1) + 1;
    if (n == f->fail_at) {
        struct timespec ts = {f->pause_ms / 1000, f->pause_ms % 1000 * 1000000};
        if (f->pause_ms) nanosleep(&ts, NULL);
        return eddy_out_error(out, "flaky failed on call %ld", n);
    }
    if (f->sleep_us) {
        struct timespec ts = {0, f->sleep_us * 1000};
        nanosleep(&ts, NULL);
    }
    int64_t v;
    eddy_row_get_long(args, 0, &v);
    return eddy_out_set_long(out, 0, v);
}

static void set(eddy_tenv *t, const char *k, const char *v) {
    if (eddy_tenv_set_option(t, k, v) != EDDY_OK) fprintf(stderr, "SET %s: %s\n", k, eddy_env_errmsg(eddy_tenv_env(t)));
}

/* A streaming env with checkpoints every 20 ms in dir, the datagen table
 * src (ids 1..n, 2000 a second), the exactly-once Kafka table eo on topic
 * `topic` and the function flaky. */
static void eo_env(eddy_tenv **out, eddy_env **env, const char *dir, const char *topic, long n, Flaky *f) {
    eddy_tenv *t = *out = tenv(env, 1, EDDY_STREAMING);
    set(t, "execution.checkpointing.interval", "20 ms");
    set(t, "execution.checkpointing.dir", dir);
    EXEC(t, SQL("CREATE TABLE src (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '2000', "
                "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '%ld')",
                n));
    EXEC(t, SQL("CREATE TABLE eo (id BIGINT) WITH ('connector' = 'kafka', 'topic' = '%s', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'sink.delivery-guarantee' = "
                "'exactly-once', 'sink.transactional-id-prefix' = 'eo', 'scan.startup.mode' = 'earliest-offset', "
                "'scan.bounded.mode' = 'latest-offset', 'properties.isolation.level' = 'read_committed')",
                topic, boot));
    eddy_scalar_function fn = {EDDY_SCALAR_FUNCTION_VERSION, "BIGINT", "BIGINT", flaky_eval, f, NULL, true};
    eddy_tenv_create_function(t, "flaky", &fn);
}

/* The query over table `rd` (topic's JSON ids, read_committed) in BATCH mode. */
static char *read_back(const char *topic, const char *query) {
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 1, EDDY_BATCH);
    free(exec_sql(t, SQL("CREATE TABLE rd (id BIGINT) WITH ('connector' = 'kafka', 'topic' = '%s', "
                         "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'scan.startup.mode' = "
                         "'earliest-offset', 'scan.bounded.mode' = 'latest-offset', 'properties.isolation.level' = "
                         "'read_committed')",
                         topic, boot)));
    char *text = exec_sql(t, query);
    eddy_env_free(env);
    return text;
}

/* "+I[1]" .. "+I[n]", sorted as text */
static char *ids(long n) {
    Lines l = lines_empty();
    char buf[32];
    for (long i = 1; i <= n; i++) {
        snprintf(buf, sizeof buf, "+I[%ld]", i);
        lines_add(&l, buf);
    }
    return sorted_lines(l.text);
}

TEST(exactly_once_sink) {
    rd_kafka_mock_topic_create(mock, "eo1", 2, 1);
    rd_kafka_mock_topic_create(mock, "eo3", 1, 1);
    char *dir = tmpdir();
    /* a bounded job: transactions prepared at the barriers, committed when
     * their checkpoints complete, the last one with the job's end */
    Flaky f = {0};
    eddy_env *env;
    eddy_tenv *t;
    eo_env(&t, &env, dir, "eo1", 300, &f);
    ASSERT_TEXT(insert(t, "INSERT INTO eo SELECT flaky(id) FROM src"), "OK");
    char *want = ids(300);
    ASSERT_TEXT(sorted_lines(read_back("eo1", "SELECT * FROM rd")), want);
    eddy_env_free(env);
    /* a commit the coordinator refuses fails the job, naming the
     * transaction: <prefix>-<subtask>-<checkpoint>, Flink's ids. (EndTxn
     * is ApiKey 26.) */
    Flaky h = {0};
    eo_env(&t, &env, dir, "eo3", 300, &h);
    set(t, "restart-strategy.type", "none");
    rd_kafka_mock_push_request_errors(mock, 26, 1, RD_KAFKA_RESP_ERR_PRODUCER_FENCED);
    char *got = insert(t, "INSERT INTO eo SELECT flaky(id) FROM src");
    ASSERT_STR_CONTAINS(got, "ERROR: Failed to commit the Kafka transaction 'eo-0-");
    ASSERT_STR_CONTAINS(got, "': Failed to end transaction: Local: This instance has been fenced by a newer instance");
    free(got);
    eddy_env_free(env);
    /* BATCH mode: one transaction per subtask, committed at the end */
    t = tenv(&env, 2, EDDY_BATCH);
    rd_kafka_mock_topic_create(mock, "eob", 3, 1);
    EXEC(t, SQL("CREATE TABLE eob (id INT) WITH ('connector' = 'kafka', 'topic' = 'eob', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'sink.delivery-guarantee' = "
                "'exactly-once', 'sink.transactional-id-prefix' = 'eob', 'scan.startup.mode' = 'earliest-offset', "
                "'scan.bounded.mode' = 'latest-offset')",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO eob VALUES (1), (2), (3)"), "OK");
    ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT * FROM eob")), "+I[1]\n+I[2]\n+I[3]\n");
    /* a transactional id the cluster refuses (InitProducerId is ApiKey 22) */
    rd_kafka_mock_push_request_errors(mock, 22, 1, RD_KAFKA_RESP_ERR_TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
    got = insert(t, "INSERT INTO eob /*+ OPTIONS('sink.parallelism' = '1') */ VALUES (4)");
    ASSERT_STR_CONTAINS(got, "ERROR: Could not initialize the Kafka transactions of 'eob-");
    ASSERT_STR_CONTAINS(got, "Transactional Id authorization failed");
    free(got);
    eddy_env_free(env);
    /* streaming without checkpoints: nothing would ever commit */
    t = tenv(&env, 1, EDDY_STREAMING);
    EXEC(t, SQL("CREATE TABLE eon (id INT) WITH ('connector' = 'kafka', 'topic' = 'eob', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'sink.delivery-guarantee' = "
                "'exactly-once', 'sink.transactional-id-prefix' = 'eon')",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO eon VALUES (1)"),
                "ERROR: 'sink.delivery-guarantee' = 'exactly-once' of table default_catalog.default_database.eon "
                "needs checkpointing: its Kafka transactions are committed when a checkpoint completes (set "
                "'execution.checkpointing.interval')");
    eddy_env_free(env);
    free(want);
    rmtree(dir);
    free(dir);
}

/* Kafka to Kafka with checkpoints: the source's position (each
 * partition's next offset) is part of the checkpoint, so a restarted job
 * reads on from the restored offsets. Batches of 10 rows and a slow
 * function give the job several checkpoints before the failure. */
TEST(kafka_to_kafka_restart) {
    rd_kafka_mock_topic_create(mock, "kin", 2, 1);
    rd_kafka_mock_topic_create(mock, "kout", 2, 1);
    Msg m[300];
    char vals[300][16];
    for (int i = 0; i < 300; i++) {
        snprintf(vals[i], sizeof vals[i], "%d", i + 1);
        m[i] = (Msg){i % 2, NULL, vals[i], 1000 + i, NULL, NULL};
    }
    produce("kin", m, 300);
    char *dir = tmpdir();
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .batch_size = 10};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new_in_mode(env, EDDY_STREAMING);
    set(t, "execution.checkpointing.interval", "20 ms");
    set(t, "execution.checkpointing.dir", dir);
    set(t, "restart-strategy.type", "fixed-delay");
    set(t, "restart-strategy.fixed-delay.delay", "10 ms");
    Flaky f = {.fail_at = 200, .sleep_us = 500};
    eddy_scalar_function fn = {EDDY_SCALAR_FUNCTION_VERSION, "BIGINT", "BIGINT", flaky_eval, &f, NULL, true};
    eddy_tenv_create_function(t, "flaky", &fn);
    EXEC(t, SQL("CREATE TABLE kin (v STRING) WITH ('connector' = 'kafka', 'topic' = 'kin', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'raw', 'scan.startup.mode' = 'earliest-offset', "
                "'scan.bounded.mode' = 'latest-offset')",
                boot));
    EXEC(t, SQL("CREATE TABLE kout (id BIGINT) WITH ('connector' = 'kafka', 'topic' = 'kout', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'sink.delivery-guarantee' = "
                "'exactly-once', 'sink.transactional-id-prefix' = 'k2k')",
                boot));
    eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO kout SELECT flaky(CAST(v AS BIGINT)) FROM kin");
    ASSERT_TRUE(r != NULL);
    eddy_job *job = eddy_result_job(r);
    eddy_status st = eddy_result_await(r);
    if (st) fprintf(stderr, "kafka_to_kafka_restart: %s\n", eddy_env_errmsg(env));
    ASSERT_EQ_INT(st, EDDY_OK);
    ASSERT_EQ_INT(eddy_job_restarts(job), 1);
    eddy_result_free(r);
    /* every row arrived (the aborted ones of the failed attempt too: the mock shows them) */
    ASSERT_TEXT(read_back("kout", "SELECT COUNT(DISTINCT id), MIN(id), MAX(id), COUNT(*) >= 300, COUNT(*) < 500 FROM rd"),
                "+I[300, 1, 300, true, true]\n");
    /* restored from the checkpoint's offsets: fewer calls than the
     * 199 + 1 + 300 of a restart from the start */
    long calls = atomic_load(&f.calls);
    ASSERT_TRUE(calls > 300 && calls < 500);
    eddy_env_free(env);
    rmtree(dir);
    free(dir);
}

/* The first completed checkpoint under dir/<job id>/ (NULL after 10 s). */
static char *first_checkpoint(const char *dir) {
    for (int tries = 0; tries < 1000; tries++) {
        DIR *d = opendir(dir);
        struct dirent *e;
        char *found = NULL;
        while (!found && d && (e = readdir(d))) {
            if (e->d_name[0] == '.') continue;
            char job[2048];
            snprintf(job, sizeof job, "%s/%s", dir, e->d_name);
            DIR *j = opendir(job);
            struct dirent *c;
            while (!found && j && (c = readdir(j))) {
                char meta[4096];
                snprintf(meta, sizeof meta, "%s/%s/_metadata", job, c->d_name);
                struct stat st;
                if (!strncmp(c->d_name, "chk-", 4) && stat(meta, &st) == 0) {
                    found = malloc(4096);
                    snprintf(found, 4096, "%s/%s", job, c->d_name);
                }
            }
            if (j) closedir(j);
        }
        if (d) closedir(d);
        if (found) return found;
        nanosleep(&(struct timespec){0, 10 * 1000000}, NULL);
    }
    return NULL;
}

/* A checkpoint whose source position is not the Kafka source's (a
 * datagen source at the same place of the same graph) fails the restore. */
TEST(kafka_source_bad_position) {
    rd_kafka_mock_topic_create(mock, "badpos", 1, 1);
    char *dir = tmpdir();
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 1, EDDY_STREAMING);
    set(t, "execution.checkpointing.interval", "20 ms");
    set(t, "execution.checkpointing.dir", dir);
    EXEC(t, "CREATE TABLE gen (v STRING) WITH ('connector' = 'datagen', 'rows-per-second' = '100')");
    EXEC(t, "CREATE TABLE bh (v STRING) WITH ('connector' = 'blackhole')");
    eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO bh SELECT v FROM gen");
    char *chk = first_checkpoint(dir);
    eddy_job_cancel(eddy_result_job(r));
    eddy_result_await(r);
    eddy_result_free(r);
    eddy_env_free(env);
    ASSERT_TRUE(chk != NULL);
    t = tenv(&env, 1, EDDY_STREAMING);
    set(t, "execution.checkpointing.interval", "20 ms");
    set(t, "execution.checkpointing.dir", dir);
    set(t, "execution.state-recovery.path", chk);
    set(t, "restart-strategy.type", "none");
    EXEC(t, SQL("CREATE TABLE gen (v STRING) WITH ('connector' = 'kafka', 'topic' = 'badpos', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'raw', 'scan.startup.mode' = 'earliest-offset')",
                boot));
    EXEC(t, "CREATE TABLE bh (v STRING) WITH ('connector' = 'blackhole')");
    ASSERT_TEXT(insert(t, "INSERT INTO bh SELECT v FROM gen"),
                "ERROR: The position of source 'KafkaSource' in the checkpoint is not valid.");
    eddy_env_free(env);
    free(chk);
    rmtree(dir);
    free(dir);
}

/* The offset group `group` committed for partition `part` of `topic`
 * (RD_KAFKA_OFFSET_INVALID: none). */
static int64_t committed_offset(const char *group, const char *topic, int32_t part) {
    char why[256];
    rd_kafka_conf_t *c = rd_kafka_conf_new();
    rd_kafka_conf_set(c, "bootstrap.servers", boot, why, sizeof why);
    rd_kafka_conf_set(c, "group.id", group, why, sizeof why);
    rd_kafka_conf_set(c, "log_level", "0", why, sizeof why);
    rd_kafka_t *k = rd_kafka_new(RD_KAFKA_CONSUMER, c, why, sizeof why);
    rd_kafka_topic_partition_list_t *l = rd_kafka_topic_partition_list_new(1);
    rd_kafka_topic_partition_list_add(l, topic, part);
    int64_t off = rd_kafka_committed(k, l, 5000) ? -2000 : l->elems[0].offset;
    rd_kafka_topic_partition_list_destroy(l);
    rd_kafka_destroy(k);
    return off;
}

/* With properties.group.id, a completed checkpoint commits the offsets it
 * holds to the group (Flink's commit.offsets.on.checkpoint, default true):
 * once the source has read everything, the group shows each partition's
 * end. 'false' commits nothing; asking for commits without a group id is
 * Flink's error. */
TEST(offsets_committed_on_checkpoint) {
    rd_kafka_mock_topic_create(mock, "grp", 2, 1);
    Msg m[30];
    for (int i = 0; i < 30; i++) m[i] = (Msg){i % 2, NULL, "x", 1000 + i, NULL, NULL};
    produce("grp", m, 30);
    for (int off = 0; off < 2; off++) {
        const char *group = off ? "cg-off" : "cg-on";
        char *dir = tmpdir();
        eddy_env *env;
        eddy_tenv *t = tenv(&env, 1, EDDY_STREAMING);
        set(t, "execution.checkpointing.interval", "20 ms");
        set(t, "execution.checkpointing.dir", dir);
        EXEC(t, SQL("CREATE TABLE g (v STRING) WITH ('connector' = 'kafka', 'topic' = 'grp', "
                    "'properties.bootstrap.servers' = '%s', 'format' = 'raw', 'scan.startup.mode' = "
                    "'earliest-offset', 'properties.group.id' = '%s'%s)",
                    boot, group, off ? ", 'properties.commit.offsets.on.checkpoint' = 'false'" : ""));
        EXEC(t, "CREATE TABLE bh (v STRING) WITH ('connector' = 'blackhole')");
        eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO bh SELECT v FROM g");
        ASSERT_TRUE(r != NULL);
        int64_t c0 = 0, c1 = 0;
        if (!off) {
            for (int tries = 0; tries < 500 && (c0 != 15 || c1 != 15); tries++) {
                nanosleep(&(struct timespec){0, 20 * 1000000}, NULL);
                c0 = committed_offset(group, "grp", 0), c1 = committed_offset(group, "grp", 1);
            }
        } else {
            /* many checkpoints complete: none commits */
            char *chk = first_checkpoint(dir);
            ASSERT_TRUE(chk != NULL);
            free(chk);
            nanosleep(&(struct timespec){0, 400 * 1000000}, NULL);
            c0 = committed_offset(group, "grp", 0), c1 = committed_offset(group, "grp", 1);
        }
        eddy_job_cancel(eddy_result_job(r));
        eddy_result_await(r);
        eddy_result_free(r);
        eddy_env_free(env);
        rmtree(dir);
        free(dir);
        ASSERT_EQ_INT(c0, off ? RD_KAFKA_OFFSET_INVALID : 15);
        ASSERT_EQ_INT(c1, off ? RD_KAFKA_OFFSET_INVALID : 15);
    }
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 1, EDDY_STREAMING);
    EXEC(t, SQL("CREATE TABLE ng (v STRING) WITH ('connector' = 'kafka', 'topic' = 'grp', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'raw', "
                "'properties.commit.offsets.on.checkpoint' = 'true')",
                boot));
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM ng"), "ERROR: Property group.id is required when offset commit is enabled");
    eddy_env_free(env);
}

/* What the interceptor plugin tests/kafka_probe noted: the
 * EndTxn requests of the producers of a table that loads it, with whether
 * the checkpoint each transactional id names had completed when its
 * request went out, and whether it committed or aborted. Checks that each
 * transaction committed once, after its checkpoint completed -- but the
 * last, committed at the job's end -- and counts the commits and aborts. */
static void check_probe(char *log, const char *prefix, int *commits, int *aborts) {
    enum { MAXT = 512 };
    static long send_ck[MAXT];
    static int send_done[MAXT], committed[MAXT];
    int nsend = 0;
    *commits = *aborts = 0;
    long last_commit = 0, pending_late = 0;
    char *save = NULL, pat_send[64], pat_end[64];
    snprintf(pat_send, sizeof pat_send, "send %s-0-%%ld %%d", prefix);
    snprintf(pat_end, sizeof pat_end, "end %s-0-%%ld %%6s", prefix);
    for (char *line = strtok_r(log, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        long ck;
        int done;
        char kind[8];
        if (sscanf(line, pat_send, &ck, &done) == 2) {
            if (nsend < MAXT) send_ck[nsend] = ck, send_done[nsend] = done, committed[nsend++] = 0;
            continue;
        }
        ASSERT_TRUE(sscanf(line, pat_end, &ck, kind) == 2);
        int k = nsend - 1;
        while (k >= 0 && send_ck[k] != ck) k--;
        ASSERT_TRUE(k >= 0); /* its request was seen */
        if (strcmp(kind, "commit")) {
            ++*aborts;
            continue;
        }
        ++*commits;
        for (int i = 0; i < nsend; i++) ASSERT_TRUE(send_ck[i] != ck || !committed[i]); /* once */
        committed[k] = 1;
        /* a commit before its checkpoint completed may only be the
         * job's last: nothing commits after it */
        ASSERT_TRUE(pending_late == 0);
        if (!send_done[k]) pending_late = ck;
        ASSERT_TRUE(ck > last_commit);
        last_commit = ck;
    }
}

/* When commits happen, as the interceptor plugin tests/kafka_probe sees
 * them (the mock cluster cannot show read_committed visibility itself, see
 * above): a job that runs through commits each checkpoint's transaction
 * after the checkpoint completed, the last at its end; a job that fails
 * commits only what completed checkpoints cover and aborts the rest, then
 * goes on from the restored checkpoint with every row written. */
TEST(exactly_once_commits_after_checkpoints) {
    void *probe = dlopen(KAFKA_PROBE, RTLD_NOW);
    ASSERT_TRUE(probe != NULL);
    char *(*take)(void) = (char *(*)(void))dlsym(probe, "txn_probe_take");
    ASSERT_TRUE(take != NULL);
    free(take());
    rd_kafka_mock_topic_create(mock, "eop", 1, 1);
    rd_kafka_mock_topic_create(mock, "eof", 1, 1);
    char *dir = tmpdir();
    setenv("EDDY_PROBE_CKPT_DIR", dir, 1);
    for (int failing = 0; failing < 2; failing++) {
        const char *topic = failing ? "eof" : "eop";
        /* a row a batch: the failing call's batch holds no other row */
        eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .batch_size = 1};
        eddy_env *env = eddy_env_new(&cfg);
        eddy_tenv *t = eddy_tenv_new_in_mode(env, EDDY_STREAMING);
        set(t, "execution.checkpointing.interval", "20 ms");
        set(t, "execution.checkpointing.dir", dir);
        set(t, "execution.checkpointing.num-retained", "1000");
        set(t, "restart-strategy.type", failing ? "fixed-delay" : "none");
        set(t, "restart-strategy.fixed-delay.delay", "10 ms");
        /* the failing call waits for the records before it to reach the
         * cluster, in the transaction the failure leaves open */
        Flaky f = {.fail_at = failing ? 200 : 0, .pause_ms = 300};
        eddy_scalar_function fn = {EDDY_SCALAR_FUNCTION_VERSION, "BIGINT", "BIGINT", flaky_eval, &f, NULL, true};
        eddy_tenv_create_function(t, "flaky", &fn);
        EXEC(t, "CREATE TABLE src (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '500', "
                "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '300')");
        EXEC(t, SQL("CREATE TABLE sink (id BIGINT) WITH ('connector' = 'kafka', 'topic' = '%s', "
                    "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'sink.delivery-guarantee' = "
                    "'exactly-once', 'sink.transactional-id-prefix' = '%s', 'properties.plugin.library.paths' = "
                    "'%s', 'properties.debug' = 'eos')",
                    topic, boot, topic, KAFKA_PROBE));
        ASSERT_TEXT(insert(t, "INSERT INTO sink SELECT flaky(id) FROM src"), "OK");
        eddy_env_free(env);
        char *log = take();
        int commits, aborts;
        check_probe(log, topic, &commits, &aborts);
        free(log);
        ASSERT_TRUE(commits >= 3); /* several checkpoints' transactions */
        /* the failing job restarted from a checkpoint (200 + 300 - its rows
         * calls) and aborted what its failed attempt wrote after it -- unless
         * that checkpoint had every row before the failing one (301 calls) */
        long calls = atomic_load(&f.calls);
        if (failing) ASSERT_TRUE(calls > 300 && calls < 500 && (aborts >= 1 || calls == 301));
        else ASSERT_TRUE(calls == 300 && aborts == 0);
        char *got = read_back(topic, "SELECT COUNT(DISTINCT id), MIN(id), MAX(id) FROM rd");
        ASSERT_TEXT(got, "+I[300, 1, 300]\n");
    }
    unsetenv("EDDY_PROBE_CKPT_DIR");
    dlclose(probe);
    rmtree(dir);
    free(dir);
}

/* The next n rows of it, sorted. */
static char *read_rows(eddy_iter *it, int n) {
    Lines l = lines_empty();
    const eddy_row *row;
    char buf[256];
    for (int i = 0; i < n && eddy_iter_next(it, &row) == EDDY_ROW; i++) {
        eddy_row_to_string(row, buf, sizeof buf);
        lines_add(&l, buf);
    }
    return sorted_lines(l.text);
}

/* scan.topic-partition-discovery.interval: partitions that appear while
 * the job runs are read from their earliest offset. (The mock cluster of
 * librdkafka 2.0 cannot add partitions to a topic -- it has no
 * CreatePartitions handler -- so the new partitions here are those of a
 * new topic matching the pattern; the source treats both alike.) */
TEST(partition_discovery) {
    rd_kafka_mock_topic_create(mock, "disc-a", 2, 1);
    Msg m[] = {{0, NULL, "a0", 1, NULL, NULL}, {1, NULL, "a1", 2, NULL, NULL}};
    produce("disc-a", m, 2);
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 2, EDDY_STREAMING);
    EXEC(t, SQL("CREATE TABLE disc (v STRING, `topic` STRING METADATA VIRTUAL) WITH ('connector' = 'kafka', "
                "'topic-pattern' = 'disc-.*', 'properties.bootstrap.servers' = '%s', 'format' = 'raw', "
                "'scan.startup.mode' = 'latest-offset', 'scan.topic-partition-discovery.interval' = '50 ms')",
                boot));
    eddy_result *r = eddy_table_execute(eddy_tenv_sql_query(t, "SELECT * FROM disc"));
    eddy_iter *it = eddy_result_collect(r);
    /* latest-offset: a0 and a1 are not read; the new topic's partitions
     * are, from their start, whatever the startup mode */
    struct timespec ts = {0, 200 * 1000000};
    nanosleep(&ts, NULL);
    rd_kafka_mock_topic_create(mock, "disc-b", 3, 1);
    Msg b[] = {{0, NULL, "b0", 1, NULL, NULL}, {1, NULL, "b1", 2, NULL, NULL}, {2, NULL, "b2", 3, NULL, NULL},
               {2, NULL, "b3", 4, NULL, NULL}};
    produce("disc-b", b, 4);
    ASSERT_TEXT(read_rows(it, 4), "+I[b0, disc-b]\n+I[b1, disc-b]\n+I[b2, disc-b]\n+I[b3, disc-b]\n");
    eddy_iter_free(it);
    eddy_result_free(r);
    /* '0' turns it off: a topic made while the job runs is not read */
    EXEC(t, SQL("CREATE TABLE nodisc (v STRING, `topic` STRING METADATA VIRTUAL) WITH ('connector' = 'kafka', "
                "'topic-pattern' = 'nodisc-.*', 'properties.bootstrap.servers' = '%s', 'format' = 'raw', "
                "'scan.startup.mode' = 'earliest-offset', 'scan.topic-partition-discovery.interval' = '0')",
                boot));
    rd_kafka_mock_topic_create(mock, "nodisc-a", 1, 1);
    r = eddy_table_execute(eddy_tenv_sql_query(t, "SELECT * FROM nodisc"));
    it = eddy_result_collect(r);
    nanosleep(&ts, NULL);
    rd_kafka_mock_topic_create(mock, "nodisc-b", 1, 1);
    produce("nodisc-b", b, 1);
    nanosleep(&ts, NULL);
    produce("nodisc-a", m, 1);
    ASSERT_TEXT(read_rows(it, 1), "+I[a0, nodisc-a]\n");
    eddy_iter_free(it);
    eddy_result_free(r);
    EXEC(t, SQL("CREATE TABLE baddisc (v STRING) WITH ('connector' = 'kafka', 'topic' = 'disc-a', "
                "'properties.bootstrap.servers' = '%s', 'format' = 'raw', 'scan.topic-partition-discovery.interval' "
                "= 'often')",
                boot));
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM baddisc"),
                "ERROR: Could not parse value 'often' for key 'scan.topic-partition-discovery.interval'.");
    eddy_env_free(env);
}

int main(void) {
    mock_start();
    RUN(earliest_bounded_both_modes);
    RUN(metadata_columns);
    RUN(key_and_value_fields);
    RUN(topic_pattern_and_unknown_topic);
    RUN(malformed_messages);
    RUN(sink_read_back);
    RUN(upsert_kafka);
    RUN(broker_errors_retried);
    RUN(unbounded_streaming_cancel);
    RUN(sink_metadata);
    RUN(per_partition_watermarks);
    RUN(unreachable_cluster);
    RUN(exactly_once_sink);
    RUN(exactly_once_commits_after_checkpoints);
    RUN(partition_discovery);
    RUN(kafka_to_kafka_restart);
    RUN(kafka_source_bad_position);
    RUN(offsets_committed_on_checkpoint);
    mock_stop();
    return test_report();
}
