-- Nexmark q0, as the benchmark's Flink SQL. Pass through: bids to a blackhole. What the source and the framework cost.

CREATE TABLE nexmark_q0 (
  auction  BIGINT,
  bidder  BIGINT,
  price  BIGINT,
  dateTime  TIMESTAMP(3),
  extra  VARCHAR
) WITH (
  'connector' = 'blackhole'
);

INSERT INTO nexmark_q0
SELECT auction, bidder, price, dateTime, extra FROM bid;
