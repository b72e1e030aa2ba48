#!/bin/sh
# make bench-jdbc: bench/jdbc.c against a PostgreSQL server of its own
# (scripts/pg-temp.sh starts it; statements are not logged). Arguments are
# passed on: [rows] [repeats].
cd "$(dirname "$0")/.."
. scripts/pg-temp.sh
pg_temp_start
case $? in 0) ;; 77) exit 77 ;; *) exit 1 ;; esac
./build/bench/bench_jdbc "$port" "$@"
