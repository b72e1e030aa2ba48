#!/bin/sh
# make bench-duckdb: the batch-capable Nexmark queries in eddy (batch mode)
# and in DuckDB (threads = 1 and its default), on the same events, with
# their results compared, and with those of the hand-written baselines (see
# bench/README.md). Installs @duckdb/node-api from npm into build/duckdb (a
# scratch folder) the first time.
#   NEXMARK_EVENTS (default 5000000), NEXMARK_TPS (first-event.rate, default
#   10000000: a lower one spreads the events over more windows),
#   DUCKDB_QUERIES (default q0,q1,q2,q21,q22,q3,q4,q5,q7,q8,q17,q20)
set -e
cd "$(dirname "$0")/../.."
events=${NEXMARK_EVENTS:-5000000}
tps=${NEXMARK_TPS:-10000000}
queries=${DUCKDB_QUERIES:-q0,q1,q2,q21,q22,q3,q4,q5,q7,q8,q17,q20}
dir=build/duckdb
mkdir -p "$dir/data"
if [ ! -d "$dir/node_modules/@duckdb/node-api" ]; then
  command -v npm >/dev/null 2>&1 || { echo "bench-duckdb needs node and npm" >&2; exit 1; }
  echo "installing @duckdb/node-api into $dir"
  (cd "$dir" && npm install --no-audit --no-fund --silent @duckdb/node-api >/dev/null)
fi
echo "writing $events events (first-event.rate $tps) to $dir/data"
./build/bench/bench_nexmark --write-csv "$dir/data" --events "$events" --tps "$tps"
echo "eddy, batch mode"
./build/bench/bench_nexmark --sql bench/nexmark --checksums --queries "$queries" --events "$events" --tps "$tps" >"$dir/eddy.txt"
echo "hand-written baselines"
./build/bench/bench_nexmark --checksums --handwritten --queries "$queries" --events "$events" --tps "$tps" >"$dir/handwritten.txt"
cp bench/nexmark/duckdb.mjs "$dir/duckdb.mjs"
(cd "$dir" && node duckdb.mjs eddy.txt "$queries" handwritten.txt)
