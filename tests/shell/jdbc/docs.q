# docs.q - the JDBC connector page's example (test-jdbc.sh: a PostgreSQL
# server on @PORT@ with an empty `users` table): its table as written but
# for the url (eddy speaks PostgreSQL: jdbc:postgresql) and the account, an
# upsert into it from T, a scan, and a temporal join of it as a dimension
# table; then a second write of changed rows upserts by the key.

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

CREATE TABLE MyUserTable (
  id BIGINT,
  name STRING,
  age INT,
  status BOOLEAN,
  PRIMARY KEY (id) NOT ENFORCED
) WITH (
   'connector' = 'jdbc',
   'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres',
   'table-name' = 'users',
   'username' = 'eddy',
   'password' = 's3cret-Pw'
);
[INFO] Execute statement succeeded.
!info

CREATE TEMPORARY VIEW T AS SELECT * FROM (VALUES
  (CAST(1 AS BIGINT), 'Alice', 30, TRUE), (CAST(2 AS BIGINT), 'Bob', 25, FALSE), (CAST(3 AS BIGINT), 'Carol', 41, TRUE))
  AS t(id, name, age, status);
[INFO] Execute statement succeeded.
!info

CREATE TEMPORARY VIEW myTopic AS SELECT *, PROCTIME() AS proctime FROM (VALUES (CAST(2 AS BIGINT), 'click'),
  (CAST(9 AS BIGINT), 'view'), (CAST(1 AS BIGINT), 'buy')) AS m(key, event);
[INFO] Execute statement succeeded.
!info

-- write data into the JDBC table from the other table "T"
INSERT INTO MyUserTable
SELECT id, name, age, status FROM T;
[INFO] Complete execution of the SQL update statement.
!info

-- scan data from the JDBC table
SELECT id, name, age, status FROM MyUserTable;
+----+----------------------+--------------------------------+-------------+--------+
| op |                   id |                           name |         age | status |
+----+----------------------+--------------------------------+-------------+--------+
| +I |                    1 |                          Alice |          30 |   TRUE |
| +I |                    2 |                            Bob |          25 |  FALSE |
| +I |                    3 |                          Carol |          41 |   TRUE |
+----+----------------------+--------------------------------+-------------+--------+
Received a total of 3 rows
!ok

-- temporal join the JDBC table as a dimension table (its columns but the processing time, which changes from run to run)
SELECT myTopic.key, myTopic.event, MyUserTable.name, MyUserTable.age FROM myTopic
LEFT JOIN MyUserTable FOR SYSTEM_TIME AS OF myTopic.proctime
ON myTopic.key = MyUserTable.id;
+----+----------------------+--------------------------------+--------------------------------+-------------+
| op |                  key |                          event |                           name |         age |
+----+----------------------+--------------------------------+--------------------------------+-------------+
| +I |                    2 |                          click |                            Bob |          25 |
| +I |                    9 |                           view |                         <NULL> |      <NULL> |
| +I |                    1 |                            buy |                          Alice |          30 |
+----+----------------------+--------------------------------+--------------------------------+-------------+
Received a total of 3 rows
!ok

# the primary key upserts: Bob's row changes, Dave's is new
INSERT INTO MyUserTable VALUES (CAST(2 AS BIGINT), 'Bob', 26, TRUE), (CAST(4 AS BIGINT), 'Dave', 19, FALSE);
[INFO] Complete execution of the SQL update statement.
!info

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT * FROM MyUserTable ORDER BY id;
+----+-------+-----+--------+
| id |  name | age | status |
+----+-------+-----+--------+
|  1 | Alice |  30 |   TRUE |
|  2 |   Bob |  26 |   TRUE |
|  3 | Carol |  41 |   TRUE |
|  4 |  Dave |  19 |  FALSE |
+----+-------+-----+--------+
4 rows in set
!ok
