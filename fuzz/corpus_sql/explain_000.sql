CREATE TABLE orders (
 id INT,
 product STRING,
 amount INT,
 tags ARRAY<STRING>
) WITH (
 'connector' = 'datagen'
);
