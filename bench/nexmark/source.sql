-- Not a Nexmark query: every event of the source, as it is, into a
-- blackhole -- what the 'nexmark' connector costs (generation, filling the
-- batches, the DDL's computed dateTime and watermark).

CREATE TABLE blackhole_table (
    event_type int,
    person ROW<id BIGINT, name VARCHAR, emailAddress VARCHAR, creditCard VARCHAR, city VARCHAR, state VARCHAR,
               dateTime TIMESTAMP(3), extra VARCHAR>,
    auction ROW<id BIGINT, itemName VARCHAR, description VARCHAR, initialBid BIGINT, reserve BIGINT,
                dateTime TIMESTAMP(3), expires TIMESTAMP(3), seller BIGINT, category BIGINT, extra VARCHAR>,
    bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR, url VARCHAR, dateTime TIMESTAMP(3),
            extra VARCHAR>,
    dateTime TIMESTAMP(3)
) WITH (
    'connector' = 'blackhole'
);

INSERT INTO blackhole_table SELECT * FROM datagen;
