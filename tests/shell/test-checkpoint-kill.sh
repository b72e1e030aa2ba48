#!/bin/sh
# SIGKILLs a real `eddy -f` running a keyed aggregation over a paced datagen
# sequence with checkpoints every 50 ms, as soon as its first checkpoint is
# complete (<dir>/<job id>/chk-<n>/_metadata exists: Flink's layout), then
# runs the script again with execution.state-recovery.path pointing at that
# chk-<n>. The restored run prints only the rest of the changelog, and the
# table it ends with equals the uninterrupted run's, key for key.
# (A print / collect sink may repeat what came after the checkpoint: an
# exactly-once sink needs two-phase commit, the next step of issue 11.)
# The last round does the same on RocksDB with incremental checkpoints.
# Usage: test-checkpoint-kill.sh PATH_TO_EDDY
eddy="$1"
tmp=$(mktemp -d /dev/shm/eddy-ckpt-kill-XXXXXX 2>/dev/null || mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0

script() { # $1: extra SET lines
  cat <<SQL
SET 'sql-client.execution.result-mode' = 'tableau';
SET 'parallelism.default' = '2';
$1
CREATE TABLE src (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '2000',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3000');
SELECT id % 5 AS k, SUM(id) AS s, COUNT(*) AS c FROM src GROUP BY id % 5;
SQL
}

# the table a tableau changelog ends with: "k s c" per key, sorted
final() {
  awk -F'|' 'NF >= 5 && $2 ~ /^ *[+-][IUD] *$/ {
      op = $2; gsub(/ /, "", op); k = $3 + 0
      if (op == "+I" || op == "+U") row[k] = sprintf("%d %d %d", k, $4, $5); else delete row[k]
    }
    END { for (k in row) print row[k] }' "$1" | sort -n
}

script "" >"$tmp/plain.sql"
"$eddy" -f "$tmp/plain.sql" >"$tmp/plain.out" 2>&1
final "$tmp/plain.out" >"$tmp/want"
printf '0 901500 600\n1 899100 600\n2 899700 600\n3 900300 600\n4 900900 600\n' >"$tmp/expected"
cmp -s "$tmp/want" "$tmp/expected" || { echo "FAIL uninterrupted run:"; cat "$tmp/plain.out"; exit 1; }

# round 4: RocksDB with incremental checkpoints, killed once a checkpoint
# after the first (one that shares files with an earlier one) is complete
for round in 1 2 3 4; do
  ck="$tmp/ck$round"
  backend=
  first="$ck/*/chk-*/_metadata"
  if [ $round = 4 ]; then
    backend="SET 'state.backend.type' = 'rocksdb';
SET 'execution.checkpointing.incremental' = 'true';"
    first="$ck/*/chk-[2-9]*/_metadata"
  fi
  # three retained: the checkpoint found stays while the run is killed
  script "$backend
SET 'execution.checkpointing.interval' = '50 ms';
SET 'execution.checkpointing.dir' = '$ck';
SET 'execution.checkpointing.num-retained' = '3';" >"$tmp/run.sql"
  "$eddy" -f "$tmp/run.sql" >"$tmp/killed.out" 2>&1 &
  pid=$!
  chk=
  while kill -0 $pid 2>/dev/null; do
    set -- $first
    if [ -e "$1" ]; then chk=$(dirname "$1"); break; fi
  done
  kill -9 $pid 2>/dev/null
  wait $pid 2>/dev/null
  [ -n "$chk" ] || { echo "FAIL round $round: no checkpoint before the run ended"; fail=1; continue; }
  if [ $round = 4 ] && ! ls "$(dirname "$chk")/shared/"*.sst >/dev/null 2>&1; then
    echo "FAIL round 4: no shared SST files next to $chk"; fail=1
  fi
  script "$backend
SET 'execution.state-recovery.path' = '$chk';" >"$tmp/restore.sql"
  "$eddy" -f "$tmp/restore.sql" >"$tmp/restored.out" 2>&1
  final "$tmp/restored.out" >"$tmp/got"
  if ! cmp -s "$tmp/got" "$tmp/want"; then
    echo "FAIL round $round (restored from $chk):"; cat "$tmp/restored.out"; fail=1
  elif grep -q '| *+I *| *1 *| *1 *| *1 *|' "$tmp/restored.out"; then
    echo "FAIL round $round: the restored run started over"; fail=1
  fi
done
[ $fail = 0 ] && echo "ok: 4 kill -9 / restore rounds (the last on RocksDB, incremental) end with the uninterrupted table"
exit $fail
