#!/bin/sh
# The memory of a long-lived shell: pipes N statements (default 20,000; a mix
# of SELECT over VALUES, SELECT over a created table, INSERT into a
# blackhole sink, EXPLAIN, SET, CREATE / DROP TEMPORARY VIEW, SHOW) into
# the `eddy` shell and reports its resident set size after about 1,000,
# 10,000 and 20,000 statements, and the growth per statement between the
# first and the last. A measurement, not a test: no figure is asserted.
#
#   bench/memory.sh [path/to/eddy] [statements]
set -e
cd "$(dirname "$0")/.."
eddy=${1:-./build/eddy}
total=${2:-20000}
[ -x "$eddy" ] || { echo "no shell at $eddy (make build)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM

# the statements, with a marker query the output shows after each milestone
awk -v total="$total" 'BEGIN {
    print "SET '\''execution.runtime-mode'\'' = '\''batch'\'';";
    print "CREATE TABLE src (a INT, b STRING) WITH ('\''connector'\'' = '\''datagen'\'', '\''number-of-rows'\'' = '\''3'\'', '\''fields.a.kind'\'' = '\''sequence'\'', '\''fields.a.start'\'' = '\''1'\'', '\''fields.a.end'\'' = '\''3'\'', '\''fields.b.length'\'' = '\''2'\'');";
    print "CREATE TABLE snk (a INT, b STRING) WITH ('\''connector'\'' = '\''blackhole'\'');";
    m[0] = "SELECT x, y FROM (VALUES (1, '\''a'\''), (2, '\''b'\''), (3, '\''c'\'')) AS T(x, y) WHERE x > 1;";
    m[1] = "SELECT a, UPPER(b) FROM src WHERE a > 1;";
    m[2] = "INSERT INTO snk SELECT a, b FROM src;";
    m[3] = "EXPLAIN SELECT a, b FROM src WHERE a > 1;";
    m[4] = "SET '\''pipeline.name'\'' = '\''memory'\'';";
    m[5] = "CREATE TEMPORARY VIEW v AS SELECT a * 2 AS d FROM src;";
    m[6] = "SELECT d FROM v;";
    m[7] = "DROP TEMPORARY VIEW v;";
    m[8] = "SHOW TABLES;";
    m[9] = "SELECT 1;";
    for (i = 1; i <= total; i++) {
        print m[(i - 1) % 10];
        if (i % 1000 == 0) printf "SELECT '\''mark%d'\'' AS m;\n", i;
    }
    # keeps the shell alive while the last figure is read
    for (i = 0; i < 2000; i++) print "SELECT 1;";
}' > "$dir/in.sql"

rss_kb() { awk '/^VmRSS/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }

"$eddy" < "$dir/in.sql" > "$dir/out" 2>&1 &
pid=$!
first=""
for n in 1000 10000 $total; do
    while ! grep -q "mark$n " "$dir/out" 2>/dev/null; do
        kill -0 "$pid" 2>/dev/null || { echo "the shell ended before statement $n" >&2; tail -5 "$dir/out" >&2; exit 1; }
        sleep 0.05
    done
    kb=$(rss_kb "$pid")
    [ -n "$first" ] || { first=$kb; first_n=$n; }
    printf '%6d statements: RSS %6d KB\n' "$n" "$kb"
done
wait "$pid" || true
per=$(( (kb - first) * 1024 / (total - first_n) ))
echo "growth from $first_n to $total statements: $(( kb - first )) KB, $per bytes per statement"
errors=$(grep -c '^\[ERROR\]' "$dir/out" || true)
echo "statements that failed: $errors"
