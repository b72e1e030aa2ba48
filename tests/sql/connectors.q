# connectors.q - the datagen, print and blackhole connectors and their
# options, as the SQL client shows them (parallelism 1, the shell's default).

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# datagen: sequences, bounded by the sequence or by number-of-rows
# ==========================================================================

CREATE TABLE seq (
  id INT,
  name STRING,
  price DECIMAL(6, 2),
  x DOUBLE
) WITH (
  'connector' = 'datagen',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '4',
  'fields.name.kind' = 'sequence', 'fields.name.start' = '100', 'fields.name.end' = '103',
  'fields.price.kind' = 'sequence', 'fields.price.start' = '10', 'fields.price.end' = '13',
  'fields.x.kind' = 'sequence', 'fields.x.start' = '-2', 'fields.x.end' = '1'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM seq;
+----+-------------+--------------------------------+----------+--------------------------------+
| op |          id |                           name |    price |                              x |
+----+-------------+--------------------------------+----------+--------------------------------+
| +I |           1 |                            100 |    10.00 |                           -2.0 |
| +I |           2 |                            101 |    11.00 |                           -1.0 |
| +I |           3 |                            102 |    12.00 |                            0.0 |
| +I |           4 |                            103 |    13.00 |                            1.0 |
+----+-------------+--------------------------------+----------+--------------------------------+
Received a total of 4 rows
!ok

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT id, name FROM seq /*+ OPTIONS('number-of-rows' = '2') */;
+----+------+
| id | name |
+----+------+
|  1 |  100 |
|  2 |  101 |
+----+------+
2 rows in set
!ok

# ==========================================================================
# datagen: random values within the options' bounds
# ==========================================================================

CREATE TABLE rnd (
  i INT,
  b BIGINT,
  s STRING,
  v VARCHAR(3),
  d DOUBLE,
  n INT,
  ts TIMESTAMP(3),
  a ARRAY<INT>
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '100',
  'rows-per-second' = '1000000',
  'fields.i.min' = '5', 'fields.i.max' = '5',
  'fields.b.min' = '-3', 'fields.b.max' = '3',
  'fields.s.length' = '7',
  'fields.d.min' = '0.5', 'fields.d.max' = '0.75',
  'fields.n.null-rate' = '1.0',
  'fields.ts.max-past' = '5 s',
  'fields.a.length' = '2'
);
[INFO] Execute statement succeeded.
!info

SELECT i, b BETWEEN -3 AND 3 AS b_ok, CHAR_LENGTH(s) AS s_len, CHAR_LENGTH(v) AS v_len, d >= 0.5 AND d <= 0.75 AS d_ok, n, ts IS NOT NULL AS ts_set, CARDINALITY(a) AS a_len
FROM rnd /*+ OPTIONS('number-of-rows' = '3') */;
+---+------+-------+-------+------+--------+--------+-------+
| i | b_ok | s_len | v_len | d_ok |      n | ts_set | a_len |
+---+------+-------+-------+------+--------+--------+-------+
| 5 | TRUE |     7 |     3 | TRUE | <NULL> |   TRUE |     2 |
| 5 | TRUE |     7 |     3 | TRUE | <NULL> |   TRUE |     2 |
| 5 | TRUE |     7 |     3 | TRUE | <NULL> |   TRUE |     2 |
+---+------+-------+-------+------+--------+--------+-------+
3 rows in set
!ok

# ==========================================================================
# datagen: errors in the options, reported when the table is read
# ==========================================================================

CREATE TABLE bad_seq (a INT) WITH ('connector' = 'datagen', 'fields.a.kind' = 'sequence', 'fields.a.start' = '1');
[INFO] Execute statement succeeded.
!info

SELECT * FROM bad_seq;
[ERROR] Could not execute SQL statement. Reason:
Could not find required property 'fields.a.end' for sequence generator.
!error

CREATE TABLE bad_kind (a INT) WITH ('connector' = 'datagen', 'fields.a.kind' = 'incremental');
[INFO] Execute statement succeeded.
!info

SELECT * FROM bad_kind;
[ERROR] Could not execute SQL statement. Reason:
Unsupported generator kind: incremental
!error

CREATE TABLE bad_rows (a INT) WITH ('connector' = 'datagen', 'number-of-rows' = 'many');
[INFO] Execute statement succeeded.
!info

SELECT * FROM bad_rows;
[ERROR] Could not execute SQL statement. Reason:
Could not parse value 'many' for key 'number-of-rows'.
!error

CREATE TABLE bad_option (a INT) WITH ('connector' = 'datagen', 'bogus' = '1');
[INFO] Execute statement succeeded.
!info

SELECT * FROM bad_option;
[ERROR] Could not execute SQL statement. Reason:
Unsupported options found for 'datagen'.

Unsupported options:

bogus

Supported options:

connector
fields.a.end
fields.a.kind
fields.a.length
fields.a.max
fields.a.max-past
fields.a.min
fields.a.null-rate
fields.a.start
fields.a.var-len
number-of-rows
rows-per-second
scan.parallelism
!error

CREATE TABLE unbounded (a INT) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

# an unbounded source cannot be read in batch mode
SELECT * FROM unbounded;
[ERROR] Could not execute SQL statement. Reason:
Querying an unbounded table 'default_catalog.default_database.unbounded' in batch mode is not allowed. The table source is unbounded.
!error

# ==========================================================================
# print and blackhole
# ==========================================================================

CREATE TABLE p_plain (id INT, name STRING) WITH ('connector' = 'print');
[INFO] Execute statement succeeded.
!info

CREATE TABLE p_id (id INT) WITH ('connector' = 'print', 'print-identifier' = 'seq');
[INFO] Execute statement succeeded.
!info

CREATE TABLE p_err (id INT) WITH ('connector' = 'print', 'standard-error' = 'true');
[INFO] Execute statement succeeded.
!info

CREATE TABLE hole (id INT, name STRING) WITH ('connector' = 'blackhole');
[INFO] Execute statement succeeded.
!info

INSERT INTO p_plain SELECT id, name FROM seq;
+I[1, 100]
+I[2, 101]
+I[3, 102]
+I[4, 103]
[INFO] Complete execution of the SQL update statement.
!info

INSERT INTO p_id SELECT id FROM seq;
seq> +I[1]
seq> +I[2]
seq> +I[3]
seq> +I[4]
[INFO] Complete execution of the SQL update statement.
!info

# standard-error: the rows go to stderr, not into the shell's output
INSERT INTO p_err SELECT id FROM seq;
[INFO] Complete execution of the SQL update statement.
!info

INSERT INTO hole SELECT id, name FROM seq;
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE p_bad (id INT) WITH ('connector' = 'print', 'path' = '/tmp');
[INFO] Execute statement succeeded.
!info

INSERT INTO p_bad SELECT id FROM seq;
[ERROR] Could not execute SQL statement. Reason:
Unsupported options found for 'print'.

Unsupported options:

path

Supported options:

connector
print-identifier
sink.parallelism
standard-error
!error

SELECT * FROM p_plain;
[ERROR] Could not execute SQL statement. Reason:
Connector 'print' can only be used as a sink. It cannot be used as a source.
!error

INSERT INTO seq SELECT * FROM seq;
[ERROR] Could not execute SQL statement. Reason:
Connector 'datagen' can only be used as a source. It cannot be used as a sink.
!error
