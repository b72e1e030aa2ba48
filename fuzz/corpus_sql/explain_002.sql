CREATE TABLE orders (
 id INT,
 product STRING,
 amount INT,
 tags ARRAY<STRING>
) WITH (
 'connector' = 'datagen'
);
CREATE TABLE sink (id INT, tag STRING) WITH ('connector' = 'blackhole');
EXPLAIN SELECT id, amount + 1 AS a FROM orders WHERE amount > 10;
