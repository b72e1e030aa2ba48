#!/bin/sh
# `eddy -f` as a script runner: its output is flushed statement by statement
# (the first query's table is in the output file while a later one still
# runs), Ctrl-C (SIGINT) cancels the running statement with a message, the
# rest of the script does not run and the exit status is 130; a Ctrl-C while
# the shell waits at the end for INSERT jobs it left running cancels them.
# Usage: test-script-ctrlc.sh PATH_TO_EDDY
eddy="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0

# waits up to $2 seconds for the text $1 in $3
wait_for() {
  i=0
  while [ $i -lt $(($2 * 10)) ]; do
    grep -qF "$1" "$3" && return 0
    sleep 0.1; i=$((i + 1))
  done
  return 1
}

cat >"$tmp/query.sql" <<'SQL'
SELECT 1 AS a;
CREATE TABLE slow (x INT) WITH ('connector' = 'datagen', 'rows-per-second' = '5',
  'fields.x.kind' = 'sequence', 'fields.x.start' = '1', 'fields.x.end' = '100000');
SELECT x FROM slow;
SELECT 'not reached' AS b;
SQL
"$eddy" -f "$tmp/query.sql" >"$tmp/query.out" 2>&1 &
pid=$!
if wait_for "Received a total of 1 row" 20 "$tmp/query.out" && wait_for "|           2 |" 20 "$tmp/query.out"; then
  echo "ok   the first statement's output is flushed while the script runs"
else
  echo "FAIL no output from the first statement while the second runs:"; cat "$tmp/query.out"; fail=1
fi
kill -INT $pid
wait $pid; rc=$?
[ $rc = 130 ] && echo "ok   exit status 130 after Ctrl-C" || { echo "FAIL exit status $rc, not 130"; fail=1; }
if grep -qF "[ERROR] Interrupted (Ctrl-C): the statement was cancelled; the rest of the script does not run." "$tmp/query.out" &&
   grep -qF "Query terminated, received a total of " "$tmp/query.out" && ! grep -qF "not reached" "$tmp/query.out"; then
  echo "ok   the query is cancelled, the message said, the rest not run"
else
  echo "FAIL after Ctrl-C:"; cat "$tmp/query.out"; fail=1
fi

cat >"$tmp/insert.sql" <<'SQL'
CREATE TABLE endless (x INT) WITH ('connector' = 'datagen', 'rows-per-second' = '50');
CREATE TABLE nowhere (x INT) WITH ('connector' = 'blackhole');
INSERT INTO nowhere SELECT x FROM endless;
SQL
"$eddy" -f "$tmp/insert.sql" >"$tmp/insert.out" 2>&1 &
pid=$!
wait_for "Job ID: " 20 "$tmp/insert.out" || { echo "FAIL the INSERT was not submitted:"; cat "$tmp/insert.out"; fail=1; }
sleep 0.5
kill -INT $pid
wait $pid; rc=$?
if [ $rc = 130 ] && grep -qF "[ERROR] Interrupted (Ctrl-C): the INSERT jobs still running are cancelled." "$tmp/insert.out"; then
  echo "ok   Ctrl-C cancels the INSERT job waited for at the end (status 130)"
else
  echo "FAIL exit status $rc; output:"; cat "$tmp/insert.out"; fail=1
fi
exit $fail
