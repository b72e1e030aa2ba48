-- pipeline.sql -- a first eddy SQL pipeline, run by `make run` as
--   build/eddy -f examples/sql/pipeline.sql
-- A bounded datagen source, a filter and a projection, into a print sink
-- and into a partitioned CSV table on disk (build/pipeline-out/): once in
-- batch mode, once in streaming mode; then a GROUP BY over the table on
-- disk, as a changelog in streaming mode and as final rows in batch mode.
-- The source is bounded, so every run ends.

SET 'table.dml-sync' = 'true';

CREATE TABLE orders (
  order_id INT,
  amount   INT,
  customer STRING
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '8',
  'fields.order_id.kind' = 'sequence',
  'fields.order_id.start' = '1',
  'fields.order_id.end' = '8',
  'fields.amount.min' = '1',
  'fields.amount.max' = '100',
  'fields.customer.length' = '6'
);

CREATE TABLE big_orders (
  order_id INT,
  amount   INT,
  with_tax DOUBLE
) WITH (
  'connector' = 'print',
  'print-identifier' = 'big'
);

CREATE TABLE order_archive (
  order_id INT,
  amount   INT,
  customer STRING,
  size     STRING
) PARTITIONED BY (size) WITH (
  'connector' = 'filesystem',
  'path' = 'build/pipeline-out',
  'format' = 'csv'
);

-- batch: the whole input, then the result
SET 'execution.runtime-mode' = 'batch';

-- the files are written when the job ends; OVERWRITE replaces an earlier run's
INSERT OVERWRITE order_archive
SELECT order_id, amount, customer, CASE WHEN amount >= 50 THEN 'big' ELSE 'small' END FROM orders;

SELECT order_id, amount, size FROM order_archive WHERE size = 'big';

SELECT order_id, amount FROM orders WHERE order_id <= 3;

INSERT INTO big_orders
SELECT order_id, amount, amount * 1.2e0 FROM orders WHERE amount >= 50;

-- streaming: rows as they come, with their change kind
SET 'execution.runtime-mode' = 'streaming';

SELECT order_id, UPPER(customer) AS customer FROM orders WHERE order_id % 2 = 0;

INSERT INTO big_orders
SELECT order_id, amount, amount * 1.2e0 FROM orders WHERE amount >= 50;

-- an updating table: per size class, the count and the total so far, as a
-- changelog (+I for a new group, -U / +U when it changes) ...
SELECT size, COUNT(*) AS orders, SUM(amount) AS total FROM order_archive GROUP BY size;

-- ... and in batch mode the same table's final rows only
SET 'execution.runtime-mode' = 'batch';

SELECT size, COUNT(*) AS orders, SUM(amount) AS total FROM order_archive GROUP BY size;
