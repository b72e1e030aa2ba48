#!/bin/sh
# The 'kafka' and 'upsert-kafka' connectors from the shell, as a user runs
# them: each golden script tests/shell/kafka/*.q gets a Kafka cluster of its
# own (kafka_mock: librdkafka's mock brokers, reached over TCP on loopback;
# the topics of the script's "# topics:" line created first) and runs
# through `eddy --check` with the address of Flink's examples,
# localhost:9092, replaced by the cluster's. tests/shell/kafka-jdbc/*.q run
# the same way with a PostgreSQL server too (scripts/pg-temp.sh, @PORT@
# replaced), and psql checks what reached the database.
# Usage: test-kafka.sh PATH_TO_EDDY PATH_TO_KAFKA_MOCK [--rewrite]
eddy="$1"
mock="$2"
rewrite="$3"
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
mockpid=""
stop_mock() {
  [ -n "$mockpid" ] && kill "$mockpid" 2>/dev/null && wait "$mockpid" 2>/dev/null
  mockpid=""
}
cleanup() {
  stop_mock
  rm -rf "$work"
  [ -n "$tmp" ] && pg_temp_stop
}
trap cleanup EXIT
trap 'exit 1' INT TERM
# start_mock TOPIC:PARTITIONS ...: a new cluster of 3 brokers; sets $boot
start_mock() {
  rm -f "$work/boot"
  "$mock" "$work/boot" 3 "$@" &
  mockpid=$!
  i=0
  while [ ! -s "$work/boot" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
  [ -s "$work/boot" ] || { echo "kafka_mock did not start"; exit 1; }
  boot=$(cat "$work/boot")
}
# run_q FILE: the script against the running cluster (and server: $port)
run_q() {
  name=$(basename "$1")
  sed -e "s/localhost:9092/$boot/g" -e "s/@PORT@/${port:-0}/g" "$1" >"$work/$name"
  if [ "$rewrite" = --rewrite ]; then
    "$eddy" --check --rewrite "$work/$name" 2>&1 | tail -3
    sed -e "s/$boot/localhost:9092/g" -e "s/${port:-@PORT@}/@PORT@/g" "$work/$name" >"$1"
    echo "rewrote $1"
  elif ! "$eddy" --check "$work/$name"; then
    echo "FAIL: $name"
    fail=1
  fi
}
fail=0
for t in "$here"/kafka/*.q; do
  [ -f "$t" ] || continue
  start_mock $(sed -n 's/^# topics: //p' "$t")
  run_q "$t"
  stop_mock
done
tmp=""
. "$here/../../scripts/pg-temp.sh"
pg_temp_start
st=$?
trap cleanup EXIT
case $st in
  0)
    for t in "$here"/kafka-jdbc/*.q; do
      [ -f "$t" ] || continue
      start_mock $(sed -n 's/^# topics: //p' "$t")
      psql -c "DROP TABLE IF EXISTS rt_in, rt_src; CREATE TABLE rt_in (id BIGINT PRIMARY KEY, name VARCHAR(20));
               CREATE TABLE rt_src AS SELECT g::BIGINT AS id, 'name-' || g AS name FROM generate_series(1, 1000) g;" || fail=1
      run_q "$t"
      stop_mock
      # kafka -> eddy -> postgres kept every row
      got=$(psql -At -c "SELECT count(*) || ':' || sum(id) || ':' || count(DISTINCT name) FROM rt_in")
      [ "$got" = "1000:500500:1000" ] || { echo "FAIL: $(basename "$t"): rt_in holds $got, want 1000:500500:1000"; fail=1; }
    done
    ;;
  77) echo "kafka-jdbc round trips skipped: no PostgreSQL server" ;;
  *) fail=1 ;;
esac
[ $fail = 0 ] && echo "kafka: all passed"
exit $fail
