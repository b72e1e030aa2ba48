#!/bin/sh
# SIGKILLs a real `eddy -f` while it runs a partitioned INSERT INTO / INSERT
# OVERWRITE (2000 rows into 1250 partitions of a filesystem table of 1000
# rows in 1000 partitions), at three kinds of moments: at random while it
# writes its staged files, as soon as its commit record appears, and as
# soon as its first file shows in a new partition. A fresh eddy then
# reads the table -- finishing or rolling back what the killed one left --
# and the rows must be exactly the old ones or exactly the new ones: never
# a mix, never a row twice, no staging or record left. When they are the
# old ones, running the statement again must give exactly the new ones.
# Usage: test-fs-kill.sh PATH_TO_EDDY
eddy="$1"
tmp=$(mktemp -d /dev/shm/eddy-fs-kill-XXXXXX 2>/dev/null || mktemp -d); trap 'rm -rf "$tmp"' EXIT
t="$tmp/t"
fail=0

# the table and a source of rows from..to, as SQL
tables() {
  cat <<EOF
SET 'execution.runtime-mode' = 'batch';
SET 'table.dml-sync' = 'true';
CREATE TABLE src (i INT) WITH ('connector' = 'datagen', 'rows-per-second' = '1000000000',
  'fields.i.kind' = 'sequence', 'fields.i.start' = '$1', 'fields.i.end' = '$2');
CREATE TABLE t (i INT, p INT) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$t', 'format' = 'csv');
EOF
}
{ tables 0 999; echo "INSERT INTO t SELECT i, i % 1000 FROM src;"; } >"$tmp/old.sql"
{ tables 1000 2999; echo "INSERT INTO t SELECT i, i % 1250 FROM src;"; } >"$tmp/into.sql"
{ tables 1000 2999; echo "INSERT OVERWRITE t SELECT i, i % 1250 FROM src;"; } >"$tmp/overwrite.sql"
{ tables 0 0; echo "SELECT i FROM t;"; } >"$tmp/read.sql"

# "<rows> <distinct> <sum>" of the table, read by a fresh eddy
summary() {
  "$eddy" -f "$tmp/read.sql" 2>&1 | awk -F'|' '
    /ERROR|Exception/ { print "error: " $0; exit }
    NF == 3 && $2 ~ /^ *[0-9]+ *$/ { n++; v = $2 + 0; s += v; if (!(v in seen)) d++; seen[v] = 1 }
    END { printf "%d %d %d\n", n, d, s }'
}
old="1000 1000 499500"        # 0..999 in partitions 0..999
into="3000 3000 4498500"      # and 1000..2999 in partitions 0..1249
overwrite="2000 2000 3999000" # 1000..2999: every old partition replaced

"$eddy" -f "$tmp/old.sql" >/dev/null 2>&1
cp -a "$t" "$tmp/t.old"
got=$(summary)
[ "$got" = "$old" ] || { echo "FAIL setup: $got"; exit 1; }

rand_ms() { echo $(( $(od -An -N2 -tu2 /dev/urandom) % $1 )); }
recorded=0
round=0
for stmt in into overwrite into overwrite into overwrite; do
  round=$((round + 1))
  rm -rf "$t"; cp -a "$tmp/t.old" "$t"
  "$eddy" -f "$tmp/$stmt.sql" >/dev/null 2>&1 &
  pid=$!
  case $(( (round + 1) / 2 )) in
  1) # while the staged files are written (or later)
     while kill -0 $pid 2>/dev/null && ! ls -a "$t" 2>/dev/null | grep -q '^\.staging_'; do :; done
     ms=$(rand_ms 150)
     sleep "$(printf '0.%03d' "$ms")"
     moment="$ms ms after staging began" ;;
  2) # as soon as the commit record is there
     while kill -0 $pid 2>/dev/null && ! ls -a "$t" 2>/dev/null | grep -q '^\.commit_'; do :; done
     moment="at the commit record" ;;
  3) # as soon as a new partition shows a file: half way through the moves
     while kill -0 $pid 2>/dev/null; do
       set -- "$t"/p=1[0-2][0-9][0-9]/part-*
       [ -e "$1" ] && break
     done
     moment="at the first file moved" ;;
  esac
  kill -9 $pid 2>/dev/null
  wait $pid 2>/dev/null
  if ls -a "$t" | grep -q '^\.commit_'; then recorded=$((recorded + 1)); left="record left"; else left="no record"; fi
  eval want=\$$stmt
  got=$(summary)
  if [ "$got" = "$old" ]; then
    outcome=old
    "$eddy" -f "$tmp/$stmt.sql" >/dev/null 2>&1
    again=$(summary)
    [ "$again" = "$want" ] || { echo "FAIL round $round ($stmt): the retry gave $again, expected $want"; fail=1; }
  elif [ "$got" = "$want" ]; then
    outcome=new
  else
    echo "FAIL round $round ($stmt, killed $moment, $left): rows $got, expected $old or $want"; fail=1; continue
  fi
  if ls -a "$t" | grep -q '^\.commit_\|^\.staging_'; then
    echo "FAIL round $round ($stmt): left-overs after recovery: $(ls -a "$t" | grep '^\.c\|^\.s')"; fail=1
  fi
  echo "ok   round $round: $stmt killed $moment ($left): $outcome"
done
# some kills must have hit a recorded commit, or recovery was not tested
if [ $recorded -eq 0 ]; then echo "FAIL no kill landed after a commit record was written"; fail=1; fi
exit $fail
