#!/bin/sh
# Exactly-once filesystem sink under SIGKILL (issue 11's fault-injection
# test). A stateful insert-only query -- an interval join of two paced
# datagen sequences, then a tumbling-window aggregation -- writes a csv
# filesystem table with checkpoints every 100 ms. The `eddy -f` process is
# killed with SIGKILL at random moments, each time restarted from the
# newest completed checkpoint (<dir>/<job id>/chk-<n>/_metadata) of all
# runs so far, ROUNDS times (20; `--rounds N` for more, e.g. 100), then
# restored once more without checkpointing and left to finish. The committed (visible) rows must equal the uninterrupted
# run's, row for row: nothing lost, nothing written twice, no in-progress
# file left visible.
# Usage: test-exactly-once-kill.sh PATH_TO_EDDY [--rounds N] [--seed S]
eddy="$1"; shift
rounds=20
seed=$(date +%s)
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    *) echo "unknown option $1"; exit 2 ;;
  esac
done
tmp=$(mktemp -d /dev/shm/eddy-eo-kill-XXXXXX 2>/dev/null || mktemp -d); trap 'rm -rf "$tmp"' EXIT
# rows per source: enough for every round to be killed before the end
# (each run gets through 60..760 ms of the 4000 rows/s)
n=$((rounds * 2000)); [ $n -lt 40000 ] && n=40000
echo "seed $seed, $rounds rounds, $n rows"

script() { # $1: table directory, $2: extra SET lines
  cat <<SQL
SET 'parallelism.default' = '2';
$2
CREATE TABLE src (id BIGINT, ts AS TO_TIMESTAMP_LTZ(id * 10, 3), WATERMARK FOR ts AS ts) WITH (
  'connector' = 'datagen', 'rows-per-second' = '4000',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '$n');
CREATE TABLE dim (d BIGINT, ts2 AS TO_TIMESTAMP_LTZ(d * 10, 3), WATERMARK FOR ts2 AS ts2) WITH (
  'connector' = 'datagen', 'rows-per-second' = '4000',
  'fields.d.kind' = 'sequence', 'fields.d.start' = '1', 'fields.d.end' = '$n');
CREATE TABLE snk (w TIMESTAMP(3), k BIGINT, c BIGINT, s BIGINT) WITH (
  'connector' = 'filesystem', 'path' = '$1', 'format' = 'csv');
CREATE VIEW j AS SELECT s.id, s.ts, s.id % 3 AS k FROM src s JOIN dim d
  ON s.id = d.d AND s.ts BETWEEN d.ts2 - INTERVAL '1' SECOND AND d.ts2;
INSERT INTO snk SELECT window_start, k, COUNT(*), SUM(id)
  FROM TABLE(TUMBLE(TABLE j, DESCRIPTOR(ts), INTERVAL '2' SECOND)) GROUP BY window_start, window_end, k;
SQL
}

# the committed rows: every visible file (names without '.' or '_' first)
rows() { find "$1" -type f ! -name '.*' ! -name '_*' ! -path '*/.*' -exec cat {} + | sort; }

script "$tmp/plain" "" >"$tmp/plain.sql"
"$eddy" -f "$tmp/plain.sql" >"$tmp/plain.out" 2>&1 || { echo "FAIL uninterrupted run:"; cat "$tmp/plain.out"; exit 1; }
rows "$tmp/plain" >"$tmp/want"
# 2 s windows of 10 ms rows: 3 keys per window, and the last row's window
nw=$((n / 200 * 3 + 1))
[ "$(wc -l <"$tmp/want")" -eq $nw ] || { echo "FAIL uninterrupted run wrote $(wc -l <"$tmp/want") rows, not $nw"; exit 1; }

ck="$tmp/ck"
sets="SET 'execution.checkpointing.interval' = '100 ms';
SET 'execution.checkpointing.dir' = '$ck';"
# kill delays in ms, 60..760, from the seed
delays=$(awk -v s="$seed" -v n="$rounds" 'BEGIN { srand(s); for (i = 0; i < n; i++) print int(60 + rand() * 700) }')
restored=0 kills=0 finished=0
for d in $delays; do
  latest=$(ls -t "$ck"/*/chk-*/_metadata 2>/dev/null | head -n 1)
  extra="$sets"
  if [ -n "$latest" ]; then
    extra="$extra
SET 'execution.state-recovery.path' = '$(dirname "$latest")';"
    restored=$((restored + 1))
  fi
  script "$tmp/eo" "$extra" >"$tmp/run.sql"
  "$eddy" -f "$tmp/run.sql" >"$tmp/run.out" 2>&1 &
  pid=$!
  sleep "$(awk -v d="$d" 'BEGIN { printf "%.3f", d / 1000 }')"
  if kill -9 $pid 2>/dev/null; then kills=$((kills + 1)); else finished=1; fi
  wait $pid 2>/dev/null
  if grep -q ERROR "$tmp/run.out"; then echo "FAIL a killed run failed first:"; cat "$tmp/run.out"; exit 1; fi
  # a run that got to the end before its kill finished the job
  [ $finished = 1 ] && break
done
latest=$(ls -t "$ck"/*/chk-*/_metadata 2>/dev/null | head -n 1)
[ -n "$latest" ] || { echo "FAIL no checkpoint completed in $rounds rounds"; exit 1; }
# the last run restores without checkpointing of its own (its files are
# published when it ends, the checkpoint's pending ones when it starts)
if [ $finished = 0 ]; then
  script "$tmp/eo" "SET 'execution.state-recovery.path' = '$(dirname "$latest")';" >"$tmp/run.sql"
  "$eddy" -f "$tmp/run.sql" >"$tmp/run.out" 2>&1 || { echo "FAIL final run:"; cat "$tmp/run.out"; exit 1; }
  grep -q ERROR "$tmp/run.out" && { echo "FAIL final run:"; cat "$tmp/run.out"; exit 1; }
fi
rows "$tmp/eo" >"$tmp/got"
if ! cmp -s "$tmp/got" "$tmp/want"; then
  echo "FAIL (seed $seed): committed rows differ from the uninterrupted run's (< got, > want):"
  diff "$tmp/got" "$tmp/want" | head -40
  exit 1
fi
left=$(find "$tmp/eo" -name '.part-*' | wc -l)
[ "$left" -eq 0 ] || { echo "FAIL (seed $seed): $left in-progress files left after the final run"; find "$tmp/eo" -name '.part-*'; exit 1; }
[ $kills -ge $((rounds * 3 / 4)) ] || { echo "FAIL only $kills of $rounds runs were killed before the end"; exit 1; }
echo "ok: $kills SIGKILLs ($restored restarts from a checkpoint), committed rows equal the uninterrupted run's"
