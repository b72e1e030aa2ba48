#!/bin/sh
# make bench-nexmark: runs bench_nexmark over every query (see bench/README.md)
# and writes bench/results/nexmark-<date>.csv and .md, and the plot
# bench/results/nexmark.png when gnuplot is there. Arguments are passed on
# (--events N, --queries q0,q1, ...); so are NEXMARK_EVENTS, NEXMARK_QUERIES
# and NEXMARK_PARALLELISM.
set -e
cd "$(dirname "$0")/../.."
out=bench/results/nexmark-$(date +%Y-%m-%d)
mkdir -p bench/results
status=0
./build/bench/bench_nexmark --sql bench/nexmark --csv "$out.csv" --md "$out.md" --dat build/nexmark-plot.dat "$@" ||
  status=$?
echo "results: $out.csv, $out.md"
if command -v gnuplot >/dev/null 2>&1; then
  gnuplot -e "datafile='build/nexmark-plot.dat'; outfile='bench/results/nexmark.png'" bench/nexmark/plot.gp
  echo "plot: bench/results/nexmark.png"
else
  echo "no gnuplot: no plot (scripts/install-deps.sh bench installs it)"
fi
exit $status
