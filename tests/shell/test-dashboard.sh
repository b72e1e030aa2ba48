#!/bin/sh
# The web dashboard in a real browser: `eddy --web 0 -f` runs a paced
# datagen INSERT with a GROUP BY, Debian's headless chromium loads the page
# twice (it renders from the REST API with its own JavaScript) and the DOM
# it dumps shows the running job, its graph of operators (an SVG box per
# operator, an arrow per input with its ship strategy: the aggregation's
# input is HASH), its operators with their parallelism, and the source's
# records out grown between the two loads, in the table and in the graph.
# Takes about 10-20 s (two chromium start-ups). chromium comes from
# scripts/install-deps.sh; without it this test FAILS (it is not skipped).
# Usage: test-dashboard.sh PATH_TO_EDDY
eddy="$1"
tmp=$(mktemp -d); trap 'kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
fail=0
browser=$(command -v chromium || command -v chromium-browser)
if [ -z "$browser" ]; then
  echo "FAIL chromium is not installed (scripts/install-deps.sh installs it for this test)"
  exit 1
fi

cat >"$tmp/job.sql" <<'SQL'
CREATE TABLE paced (x BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '100',
  'number-of-rows' = '100000');
CREATE TABLE nowhere (k BIGINT, n BIGINT) WITH ('connector' = 'blackhole');
INSERT INTO nowhere SELECT x % 10, COUNT(*) FROM paced WHERE x IS NOT NULL GROUP BY x % 10;
SQL
"$eddy" --web 0 -f "$tmp/job.sql" >"$tmp/out" 2>"$tmp/err" &
pid=$!
i=0
while ! grep -qs "Job ID: " "$tmp/out" && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
url=$(sed -n 's/^\[INFO\] Web dashboard: \(http:[^ ]*\)$/\1/p' "$tmp/err")
if [ -z "$url" ] || ! grep -q "Job ID: " "$tmp/out"; then
  echo "FAIL eddy --web did not start the dashboard and the job:"; cat "$tmp/err" "$tmp/out"; exit 1
fi
job=$(sed -n 's/^Job ID: //p' "$tmp/out")

# the DOM after the page's first refreshes
dump() {
  "$browser" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$tmp/profile" \
    --virtual-time-budget=3000 --dump-dom "$url" >"$1" 2>"$tmp/chromium.err"
}
# records out of the DataGenSource operator row in a dump
source_out() {
  grep -o '<td class="name">DataGenSource</td><td class="n par">[0-9]*</td><td class="n in">[0-9]*</td><td class="n out">[0-9]*</td>' "$1" |
    sed 's/.*<td class="n out">\([0-9]*\)<.*/\1/'
}

dump "$tmp/dom1.html"
sleep 1
dump "$tmp/dom2.html"

if grep -qF "<td>$job</td>" "$tmp/dom2.html" && grep -qF '<td class="RUNNING">RUNNING</td>' "$tmp/dom2.html"; then
  echo "ok   the running job is listed"
else
  echo "FAIL the job $job is not listed as RUNNING:"; cat "$tmp/dom2.html" "$tmp/chromium.err"; fail=1
fi
for op in 'DataGenSource</td><td class="n par">1<' 'Calc</td><td class="n par">1<' \
          'GroupAggregate</td><td class="n par">1<' 'Sink: BlackHole</td><td class="n par">1<'; do
  if grep -qF "<td class=\"name\">$op" "$tmp/dom2.html"; then echo "ok   operator row $op"
  else echo "FAIL no operator row $op"; fail=1; fi
done
# the graph: a node per operator (its name first), the arrows, HASH into the aggregation
for op in DataGenSource Calc GroupAggregate 'Sink: BlackHole'; do
  if grep -qF "font-weight=\"bold\">$op</text>" "$tmp/dom2.html"; then echo "ok   graph node $op"
  else echo "FAIL no graph node $op"; fail=1; fi
done
edges=$(grep -o '<path class="edge"' "$tmp/dom2.html" | wc -l)
ships=$(grep -o '<text class="ship"[^>]*>[A-Z]*</text>' "$tmp/dom2.html" | sed 's/.*>\([A-Z]*\)<.*/\1/' | tr '\n' ' ')
if [ "$edges" -ge 4 ] && [ "$ships" = "FORWARD HASH FORWARD FORWARD " ]; then echo "ok   graph edges: $ships"
else echo "FAIL graph edges: $edges, ship strategies '$ships'"; fail=1; fi
graph_out() { grep -o 'font-weight="bold">DataGenSource</text>.*' "$1" | grep -o '<tspan class="out">[0-9.kM]*</tspan>' | head -1 | sed 's/<[^>]*>//g'; }
ga=$(graph_out "$tmp/dom1.html"); gb=$(graph_out "$tmp/dom2.html")
if [ -n "$ga" ] && [ -n "$gb" ] && [ "$ga" != "$gb" ]; then echo "ok   the graph's source count moved: $ga -> $gb"
else echo "FAIL the graph's source count did not move ('$ga' -> '$gb')"; fail=1; fi
a=$(source_out "$tmp/dom1.html"); b=$(source_out "$tmp/dom2.html")
if [ -n "$a" ] && [ -n "$b" ] && [ "$b" -gt "$a" ]; then
  echo "ok   the source's records out moved: $a -> $b"
else
  echo "FAIL the counts did not move between the loads ('$a' -> '$b')"; fail=1
fi
kill -INT $pid
wait $pid
exit $fail
