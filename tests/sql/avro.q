# avro.q - 'format' = 'avro' on the filesystem connector: Avro object
# container files written and read back with every type Flink's avro format
# maps (NULLs, nested rows, arrays, maps, multisets, decimals, dates, times,
# timestamps), each codec, a table reading another table's files with its
# columns in another order and one of them missing, and the errors of
# planning (types Avro cannot hold, bad options, schema-registry formats).

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

CREATE TABLE everything (
  b BOOLEAN, ti TINYINT, si SMALLINT, i INT NOT NULL, bi BIGINT, f FLOAT, d DOUBLE,
  dcm DECIMAL(20, 4), s STRING, c CHAR(3), bin BYTES,
  dt DATE, tm TIME(3), ts TIMESTAMP(3),
  arr ARRAY<INT>, m MAP<STRING, DOUBLE>, ms MULTISET<STRING>,
  r ROW<x INT, y ROW<z STRING, w ARRAY<ROW<v BIGINT>>>>
) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_AVRO_ALL_PATH',
  'format' = 'avro'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO everything VALUES
  (true, CAST(-128 AS TINYINT), CAST(32767 AS SMALLINT), 1, 9223372036854775807, CAST(1.5 AS FLOAT), -2.25,
   CAST('-12345678901234.5678' AS DECIMAL(20, 4)), 'héllo', 'abc', X'00ff0a',
   DATE '2024-02-29', TIME '23:59:59.999', TIMESTAMP '1969-12-31 23:59:59.001',
   ARRAY[1, CAST(NULL AS INT), 3], MAP['k', 1.0, 'l', CAST(NULL AS DOUBLE)], CAST(NULL AS MULTISET<STRING>),
   ROW(7, ROW('zz', ARRAY[ROW(CAST(5 AS BIGINT)), CAST(NULL AS ROW<v BIGINT>)]))),
  (CAST(NULL AS BOOLEAN), CAST(NULL AS TINYINT), CAST(NULL AS SMALLINT), -2147483647, CAST(NULL AS BIGINT),
   CAST(NULL AS FLOAT), CAST(NULL AS DOUBLE), CAST(NULL AS DECIMAL(20, 4)), CAST(NULL AS STRING),
   CAST(NULL AS CHAR(3)), CAST(NULL AS BYTES), CAST(NULL AS DATE), CAST(NULL AS TIME(3)),
   CAST(NULL AS TIMESTAMP(3)), CAST(NULL AS ARRAY<INT>), CAST(NULL AS MAP<STRING, DOUBLE>),
   CAST(NULL AS MULTISET<STRING>), CAST(NULL AS ROW<x INT, y ROW<z STRING, w ARRAY<ROW<v BIGINT>>>>));
[INFO] Complete execution of the SQL update statement.
!info

SELECT * FROM everything;
+--------+--------+--------+-------------+---------------------+--------+--------+----------------------+--------+--------+-----------+------------+--------------+-------------------------+--------------+-----------------+--------+------------------------+
|      b |     ti |     si |           i |                  bi |      f |      d |                  dcm |      s |      c |       bin |         dt |           tm |                      ts |          arr |               m |     ms |                      r |
+--------+--------+--------+-------------+---------------------+--------+--------+----------------------+--------+--------+-----------+------------+--------------+-------------------------+--------------+-----------------+--------+------------------------+
|   TRUE |   -128 |  32767 |           1 | 9223372036854775807 |    1.5 |  -2.25 | -12345678901234.5678 |  héllo |    abc | x'00ff0a' | 2024-02-29 | 23:59:59.999 | 1969-12-31 23:59:59.001 | [1, null, 3] | {k=1.0, l=null} | <NULL> | (7, (zz, [(5), null])) |
| <NULL> | <NULL> | <NULL> | -2147483647 |              <NULL> | <NULL> | <NULL> |               <NULL> | <NULL> | <NULL> |    <NULL> |     <NULL> |       <NULL> |                  <NULL> |       <NULL> |          <NULL> | <NULL> |                 <NULL> |
+--------+--------+--------+-------------+---------------------+--------+--------+----------------------+--------+--------+-----------+------------+--------------+-------------------------+--------------+-----------------+--------+------------------------+
2 rows in set
!ok

# another table over the same files: columns by name, in another order, one
# the files do not have (NULL), the rest skipped
CREATE TABLE some_of_it (
  s STRING, i INT, missing STRING, dcm DECIMAL(20, 4), ts TIMESTAMP(3)
) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_AVRO_ALL_PATH',
  'format' = 'avro'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM some_of_it;
+--------+-------------+---------+----------------------+-------------------------+
|      s |           i | missing |                  dcm |                      ts |
+--------+-------------+---------+----------------------+-------------------------+
|  héllo |           1 |  <NULL> | -12345678901234.5678 | 1969-12-31 23:59:59.001 |
| <NULL> | -2147483647 |  <NULL> |               <NULL> |                  <NULL> |
+--------+-------------+---------+----------------------+-------------------------+
2 rows in set
!ok

CREATE TABLE deflated (id INT, name STRING) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_AVRO_DEFLATE_PATH',
  'format' = 'avro',
  'avro.codec' = 'deflate'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO deflated VALUES (1, 'one'), (2, 'two'), (3, CAST(NULL AS STRING));
[INFO] Complete execution of the SQL update statement.
!info

SELECT * FROM deflated;
+----+--------+
| id |   name |
+----+--------+
|  1 |    one |
|  2 |    two |
|  3 | <NULL> |
+----+--------+
3 rows in set
!ok

CREATE TABLE plain (id INT, name STRING) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_AVRO_NULL_PATH',
  'format' = 'avro',
  'avro.codec' = 'null'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO plain SELECT id + 10, name FROM deflated;
[INFO] Complete execution of the SQL update statement.
!info

SELECT * FROM plain;
+----+--------+
| id |   name |
+----+--------+
| 11 |    one |
| 12 |    two |
| 13 | <NULL> |
+----+--------+
3 rows in set
!ok

# ==========================================================================
# planning errors
# ==========================================================================

CREATE TABLE ltz (t TIMESTAMP_LTZ(3)) WITH ('connector' = 'filesystem', 'path' = '$VAR_AVRO_BAD_PATH', 'format' = 'avro');
[INFO] Execute statement succeeded.
!info

INSERT INTO ltz VALUES (TO_TIMESTAMP_LTZ(0, 3));
[ERROR] Could not execute SQL statement. Reason:
Unsupported to derive Schema for type: TIMESTAMP_LTZ(3)
!error

CREATE TABLE ltz2 (t TIMESTAMP_LTZ(3)) WITH ('connector' = 'filesystem', 'path' = '$VAR_AVRO_LTZ_PATH', 'format' = 'avro',
  'avro.timestamp_mapping.legacy' = 'false');
[INFO] Execute statement succeeded.
!info

INSERT INTO ltz2 VALUES (TO_TIMESTAMP_LTZ(1000, 3));
[INFO] Complete execution of the SQL update statement.
!info

SELECT * FROM ltz2;
+-------------------------+
|                       t |
+-------------------------+
| 1970-01-01 00:00:01.000 |
+-------------------------+
1 row in set
!ok

CREATE TABLE badmap (m MAP<INT, STRING>) WITH ('connector' = 'filesystem', 'path' = '$VAR_AVRO_BAD_PATH', 'format' = 'avro');
[INFO] Execute statement succeeded.
!info

SELECT * FROM badmap;
[ERROR] Could not execute SQL statement. Reason:
Avro format doesn't support non-string as key type of map. The key type is: INT
!error

CREATE TABLE badcodec (i INT) WITH ('connector' = 'filesystem', 'path' = '$VAR_AVRO_BAD_PATH', 'format' = 'avro', 'avro.codec' = 'lz4');
[INFO] Execute statement succeeded.
!info

INSERT INTO badcodec VALUES (1);
[ERROR] Could not execute SQL statement. Reason:
Unrecognized codec: lz4
!error

CREATE TABLE registry (i INT) WITH ('connector' = 'filesystem', 'path' = '$VAR_AVRO_BAD_PATH', 'format' = 'avro-confluent');
[INFO] Execute statement succeeded.
!info

SELECT * FROM registry;
[ERROR] Could not execute SQL statement. Reason:
not supported yet: the format 'avro-confluent' (it needs a Confluent schema registry, which eddy does not talk to yet); 'avro' reads and writes plain Avro datums
!error
