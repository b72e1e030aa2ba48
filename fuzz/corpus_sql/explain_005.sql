CREATE TABLE orders (
 id INT,
 product STRING,
 amount INT,
 tags ARRAY<STRING>
) WITH (
 'connector' = 'datagen'
);
CREATE TABLE sink (id INT, tag STRING) WITH ('connector' = 'blackhole');
EXPLAIN SELECT product, COUNT(*) FROM orders GROUP BY product;
