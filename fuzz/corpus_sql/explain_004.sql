CREATE TABLE orders (
 id INT,
 product STRING,
 amount INT,
 tags ARRAY<STRING>
) WITH (
 'connector' = 'datagen'
);
CREATE TABLE sink (id INT, tag STRING) WITH ('connector' = 'blackhole');
EXPLAIN CHANGELOG_MODE SELECT product FROM orders WHERE product LIKE 'a%';
