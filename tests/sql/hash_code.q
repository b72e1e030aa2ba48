# hash_code.q - HASH_CODE(x), the bucket of the split of distinct aggregates
# (MOD(HASH_CODE(x), bucket-num)), computed as Flink does: Java's hashCode
# for numbers, TimestampData's (31 * (ms ^ ms >> 32) + nanos of the
# millisecond) for timestamps, BigDecimal's (31 * unscaled + scale) for
# decimals, and the murmur3 of the UTF-8 bytes with seed 42 (the tail bytes
# mixed one by one, sign-extended) for strings and binaries.

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

# strings: empty, one word, a tail of 1 and 3 bytes, multi-byte UTF-8
SELECT HASH_CODE(''), HASH_CODE('abcd'), HASH_CODE('Flink'), HASH_CODE('hello world'), HASH_CODE('ÄÖ€'), HASH_CODE('a'), HASH_CODE('abcdefgh');
+----+-------------+-------------+-------------+-------------+-------------+-------------+-------------+
| op |      EXPR$0 |      EXPR$1 |      EXPR$2 |      EXPR$3 |      EXPR$4 |      EXPR$5 |      EXPR$6 |
+----+-------------+-------------+-------------+-------------+-------------+-------------+-------------+
| +I |   142593372 |  -396302900 |  1345118715 | -1528836094 |  -140445021 |  1485273170 |  -804741815 |
+----+-------------+-------------+-------------+-------------+-------------+-------------+-------------+
Received a total of 1 row
!ok

SELECT HASH_CODE(CAST(1.5 AS DECIMAL(2, 1))), HASH_CODE(CAST(-1.5 AS DECIMAL(2, 1))), HASH_CODE(CAST(12345678901234567890123 AS DECIMAL(38, 0))), HASH_CODE(CAST(-123456789012345678901.23 AS DECIMAL(38, 2)));
+----+-------------+-------------+-------------+-------------+
| op |      EXPR$0 |      EXPR$1 |      EXPR$2 |      EXPR$3 |
+----+-------------+-------------+-------------+-------------+
| +I |         466 |        -464 |   647166414 |  -647166412 |
+----+-------------+-------------+-------------+-------------+
Received a total of 1 row
!ok

# timestamps with and without nanoseconds; bytes hash as the string of the same bytes; a bucket can be negative
SELECT HASH_CODE(TIMESTAMP '2020-01-01 00:00:00.123'), HASH_CODE(CAST('2020-01-01 00:00:00.123456789' AS TIMESTAMP(9))), HASH_CODE(X'61626364'), MOD(HASH_CODE('abcd'), 1024);
+----+-------------+-------------+-------------+-------------+
| op |      EXPR$0 |      EXPR$1 |      EXPR$2 |      EXPR$3 |
+----+-------------+-------------+-------------+-------------+
| +I |  1853241708 |  1853698497 |  -396302900 |        -564 |
+----+-------------+-------------+-------------+-------------+
Received a total of 1 row
!ok

SELECT HASH_CODE(TRUE), HASH_CODE(FALSE), HASH_CODE(CAST(-1 AS BIGINT)), HASH_CODE(4294967296), HASH_CODE(1.5E0), HASH_CODE(CAST(NULL AS STRING));
+----+-------------+-------------+-------------+-------------+-------------+-------------+
| op |      EXPR$0 |      EXPR$1 |      EXPR$2 |      EXPR$3 |      EXPR$4 |      EXPR$5 |
+----+-------------+-------------+-------------+-------------+-------------+-------------+
| +I |        1231 |        1237 |           0 |           1 |  1073217536 |      <NULL> |
+----+-------------+-------------+-------------+-------------+-------------+-------------+
Received a total of 1 row
!ok
