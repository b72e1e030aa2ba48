#!/bin/sh
# The 'jdbc' connector against a real PostgreSQL server: initdb and pg_ctl
# start one in a temporary directory on a private port (127.0.0.1 and a
# socket in that directory), as an unprivileged user when run as root; the
# golden scripts tests/shell/jdbc/*.q run through `eddy --check` with
# @PORT@ replaced by the port; psql checks what the sinks wrote. The server
# is stopped on exit, whatever happens.
# Usage: test-jdbc.sh PATH_TO_EDDY [--rewrite]   (exit 77: no PostgreSQL)
eddy="$1"
rewrite="$2"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/pg-temp.sh"
pg_temp_start "-c log_statement=all"
case $? in 0) ;; 77) exit 77 ;; *) exit 1 ;; esac
psql <<'SQL' || exit 1
CREATE TABLE types (id INT PRIMARY KEY, s SMALLINT, i INTEGER, b BIGINT, r REAL, d DOUBLE PRECISION,
  n NUMERIC(10, 2), ok BOOLEAN, dt DATE, t TIME, ts TIMESTAMP(3), tz TIMESTAMPTZ, v VARCHAR(20), tx TEXT,
  by BYTEA, ai INTEGER[], at TEXT[]);
INSERT INTO types VALUES
  (1, 1, 100, 10000000000, 1.5, 2.25, 12.34, true, '2021-08-21', '13:00:05.123', '2021-08-21 13:00:05.123',
   '2021-08-21 13:00:05+02', 'abc', 'hello, world', '\x0102ff', '{1,2,NULL}', '{"a b","c,d",NULL}'),
  (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (3, -32768, -2147483648, -9223372036854775808, 'NaN', '-Infinity', -0.01, false, '1970-01-01', '00:00:00',
   '1970-01-01 00:00:00', '1970-01-01 00:00:00+00', '', 'ü€', '\x', '{}', '{}');
CREATE TABLE orders (id BIGINT PRIMARY KEY, amount INT);
INSERT INTO orders SELECT g, g * 10 FROM generate_series(1, 1000) g;
CREATE TABLE totals (k VARCHAR(10) PRIMARY KEY, cnt BIGINT, total INT);
CREATE TABLE log (k VARCHAR(10), v INT);
CREATE TABLE ints (x DATE);
CREATE TABLE singles (k VARCHAR(10) PRIMARY KEY, cnt BIGINT);
CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(20), country VARCHAR(2), since DATE);
INSERT INTO customers VALUES (1, 'Alice', 'DE', '2020-01-01'), (2, 'Bob', 'US', NULL), (3, 'Carol', 'DE', '2021-06-30');
CREATE TABLE cust_cache AS SELECT * FROM customers;
CREATE TABLE users (id BIGINT PRIMARY KEY, name VARCHAR(20), age INT, status BOOLEAN);
CREATE TABLE phones (cid INT, kind VARCHAR(10), num VARCHAR(20));
INSERT INTO phones VALUES (1, 'home', '111'), (1, 'work', '112'), (3, 'home', '333');
SQL
fail=0
for t in "$here"/jdbc/*.q; do
  name=$(basename "$t")
  sed "s/@PORT@/$port/g" "$t" >"$tmp/$name"
  if [ "$rewrite" = --rewrite ]; then
    "$eddy" --check --rewrite "$tmp/$name" 2>&1 | tail -5
    sed "s/$port/@PORT@/g" "$tmp/$name" >"$t"
    echo "rewrote $t"
  elif ! "$eddy" --check "$tmp/$name"; then
    echo "FAIL: $name"
    fail=1
  fi
done
# what the sinks wrote, as PostgreSQL has it
got=$(psql -At -c "SELECT k || ':' || cnt || ':' || total FROM totals ORDER BY k" | tr '\n' ' ')
want="a:3:6 b:2:30 c:1:100 "
[ "$got" = "$want" ] || { echo "FAIL: totals: got '$got', want '$want'"; fail=1; }
got=$(psql -At -c "SELECT count(*) || ':' || sum(v) FROM log")
[ "$got" = "6:136" ] || { echo "FAIL: log: got '$got', want '6:136'"; fail=1; }
got=$(psql -At -c "SELECT string_agg(k || ':' || cnt, ' ' ORDER BY k) FROM singles")
[ "$got" = "c:1" ] || { echo "FAIL: singles: got '$got', want 'c:1'"; fail=1; }
# lookup.q's cached lookups: keys 1 2 9 1 3 2 through a cache of 3 keys
# reach the server 5 times (the second 1 is a hit, the second 2 was evicted)
got=$(grep -c 'execute eddy_lookup: SELECT .* FROM cust_cache ' "$tmp/data/log")
[ "$got" = 5 ] || { echo "FAIL: cached lookups: $got statements reached the server, want 5"; fail=1; }
# the constant key is a parameter of the lookup like the field's: country = $1 AND id = $2
got=$(grep -c 'execute eddy_lookup: SELECT .* FROM cust_cache WHERE country = \$1 AND id = \$2' "$tmp/data/log")
[ "$got" = 5 ] || { echo "FAIL: cached lookups by country and id: $got, want 5"; grep 'eddy_lookup' "$tmp/data/log" | head -3; fail=1; }
got=$(psql -At -c "SELECT count(*) FROM orders")
[ "$got" = "1000" ] || { echo "FAIL: orders: $got"; fail=1; }
[ $fail = 0 ] && echo "jdbc: all passed"
exit $fail
