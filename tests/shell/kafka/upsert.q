# upsert.q - the Upsert Kafka connector page's full example, as written
# there (its '...' servers are the cluster test-kafka.sh starts): page views
# (json) counted per region into an upsert-kafka table with avro keys and
# values; the INSERT reads the views topic to its end (a bounded hint, as
# the page's query would otherwise run until cancelled). Then the table read
# back: its changelog (ChangelogNormalize behind the source).
# topics: pageviews:1 pageviews_per_region:1

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

SET 'parallelism.default' = '1';
[INFO] Execute statement succeeded.
!info

CREATE TABLE pageviews_per_region (
  user_region STRING,
  pv BIGINT,
  uv BIGINT,
  PRIMARY KEY (user_region) NOT ENFORCED
) WITH (
  'connector' = 'upsert-kafka',
  'topic' = 'pageviews_per_region',
  'properties.bootstrap.servers' = 'localhost:9092',
  'key.format' = 'avro',
  'value.format' = 'avro'
);
[INFO] Execute statement succeeded.
!info

CREATE TABLE pageviews (
  user_id BIGINT,
  page_id BIGINT,
  viewtime TIMESTAMP,
  user_region STRING,
  WATERMARK FOR viewtime AS viewtime - INTERVAL '2' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'pageviews',
  'properties.bootstrap.servers' = 'localhost:9092',
  'format' = 'json'
);
[ERROR] Could not execute SQL statement. Reason:
Invalid data type of time field for watermark definition. The field must be of type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the time field type is TIMESTAMP(6)
!error

# (the page's `viewtime TIMESTAMP` is TIMESTAMP(6), which a watermark cannot take -- Flink says the same;
# with TIMESTAMP(3) as the page means)
CREATE TABLE pageviews (
  user_id BIGINT,
  page_id BIGINT,
  viewtime TIMESTAMP(3),
  user_region STRING,
  WATERMARK FOR viewtime AS viewtime - INTERVAL '2' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'pageviews',
  'properties.bootstrap.servers' = 'localhost:9092',
  'format' = 'json'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO pageviews VALUES
  (1, 100, TIMESTAMP '2024-01-01 10:00:00', 'EU'),
  (2, 100, TIMESTAMP '2024-01-01 10:00:01', 'US'),
  (1, 101, TIMESTAMP '2024-01-01 10:00:02', 'EU'),
  (3, 102, TIMESTAMP '2024-01-01 10:00:03', 'EU'),
  (2, 103, TIMESTAMP '2024-01-01 10:00:04', 'US');
[INFO] Complete execution of the SQL update statement.
!info

-- calculate the pv, uv and insert into the upsert-kafka sink
INSERT INTO pageviews_per_region
SELECT
  user_region,
  COUNT(*),
  COUNT(DISTINCT user_id)
FROM pageviews /*+ OPTIONS('scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset') */
GROUP BY user_region;
[INFO] Complete execution of the SQL update statement.
!info

SELECT * FROM pageviews_per_region /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */;
+----+--------------------------------+----------------------+----------------------+
| op |                    user_region |                   pv |                   uv |
+----+--------------------------------+----------------------+----------------------+
| +I |                             EU |                    1 |                    1 |
| +I |                             US |                    1 |                    1 |
| -U |                             EU |                    1 |                    1 |
| +U |                             EU |                    2 |                    1 |
| -U |                             EU |                    2 |                    1 |
| +U |                             EU |                    3 |                    2 |
| -U |                             US |                    1 |                    1 |
| +U |                             US |                    2 |                    1 |
+----+--------------------------------+----------------------+----------------------+
Received a total of 8 rows
!ok
