CREATE TABLE orders (
 id INT,
 product STRING,
 amount INT,
 tags ARRAY<STRING>
) WITH (
 'connector' = 'datagen'
);
CREATE TABLE sink (id INT, tag STRING) WITH ('connector' = 'blackhole');
EXPLAIN PLAN FOR INSERT INTO sink SELECT id, tag FROM orders CROSS JOIN UNNEST(tags) AS T(tag);
