#!/bin/sh
# Runs the benchmarks (make bench). Results are printed; bench/README.md
# keeps the figures of the last recorded run.
set -e
cd "$(dirname "$0")/.."
rows=${ROWS:-10000000}
echo "== pipeline ($rows rows, best of 3)"
./build/bench/bench_pipeline "$rows" 3
echo "== formats (csv and json through the filesystem connector, ${FORMAT_ROWS:-2000000} rows, best of 3)"
./build/bench/bench_formats "${FORMAT_ROWS:-2000000}" 3
echo "== state (COUNT+SUM over 1M BIGINT keys through the slot fast path, best of 3)"
./build/bench/bench_state 10000000 1000000 3
echo "== minibatch_agg (GroupAggregate with and without mini-batch, 4M rows, 100 groups, size 1000, best of 3)"
./build/bench/bench_minibatch_agg 4000000 100 1000 3
echo "== metrics (the same jobs with metrics off, on, and on with the Prometheus endpoint scraped, $rows rows, best of 5)"
./build/bench/bench_metrics "$rows" 5
