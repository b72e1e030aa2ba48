#!/bin/sh
# flink-q.sh -- runs Flink's own SQL client / SQL gateway golden scripts
# (.q files kept in a folder outside this repository) through
# `eddy --check --flink` and prints, per file, the blocks passed, failed and
# skipped (needing a Java class or a cluster), then the total pass rate over
# the blocks that need neither. It reads only the files it is given and
# pulls nothing from the network.
#
#   scripts/flink-q.sh [-e EDDY] [-v] DIR|FILE.q...
#
#   -e EDDY   the eddy binary (default: build/eddy, else build-test/eddy)
#   -v        also print each failing block's diff (eddy --check's output)
#
# Flink's harness fills $VAR_... placeholders; eddy --check takes each from
# the environment variable of that name (VAR_UDF_JAR_PATH=... etc.), and a
# $VAR_..._PATH one that is not set becomes a fresh temporary directory.
# Each file runs in its own eddy process, so that one crash costs one file.
set -u

here=$(cd "$(dirname "$0")/.." && pwd)
eddy=
verbose=0
while [ $# -gt 0 ]; do
    case $1 in
    -e) [ $# -ge 2 ] || { echo "flink-q.sh: -e needs the eddy binary" >&2; exit 2; }
        eddy=$2; shift 2 ;;
    -v) verbose=1; shift ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "flink-q.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
done
[ $# -gt 0 ] || { echo "usage: flink-q.sh [-e EDDY] [-v] DIR|FILE.q..." >&2; exit 2; }
if [ -z "$eddy" ]; then
    for c in "$here/build/eddy" "$here/build-test/eddy"; do
        [ -x "$c" ] && { eddy=$c; break; }
    done
fi
[ -n "$eddy" ] && [ -x "$eddy" ] || { echo "flink-q.sh: no eddy binary (build it, or pass -e)" >&2; exit 2; }

files=$(mktemp)
trap 'rm -f "$files" "$files.out"' EXIT
for a in "$@"; do
    if [ -d "$a" ]; then
        find "$a" -name '*.q' -type f | sort >>"$files"
    elif [ -f "$a" ]; then
        echo "$a" >>"$files"
    else
        echo "flink-q.sh: no such file or folder: $a" >&2
        exit 2
    fi
done
[ -s "$files" ] || { echo "flink-q.sh: no .q files in $*" >&2; exit 2; }

printf '%-60s %6s %6s %6s %6s %6s\n' file blocks passed failed java cluster
tp=0 tf=0 tj=0 tc=0 tn=0
while IFS= read -r f; do
    "$eddy" --check --flink "$f" >"$files.out" 2>&1
    rc=$?
    [ $verbose -eq 1 ] && grep -v '^ok  \|^[0-9]* passed' "$files.out"
    # "ok   FILE (N blocks: P passed, F failed, S skipped: J need Java, C need a cluster)"
    line=$(grep -E '^(ok  |FAIL) .* \([0-9]+ blocks: ' "$files.out" | tail -1)
    if [ -z "$line" ]; then
        # the run ended before its summary (a crash): the whole file counts as failed
        n=$(grep -c '^!\(ok\|info\|warning\|error\)$' "$f")
        printf '%-60s %6s %6s %6s %6s %6s  (eddy ended with status %d before the end)\n' \
            "$f" "$n" 0 "$n" 0 0 "$rc"
        tn=$((tn + n)); tf=$((tf + n))
        continue
    fi
    set -- $(echo "$line" | sed -E 's/.*\(([0-9]+) blocks: ([0-9]+) passed, ([0-9]+) failed, [0-9]+ skipped: ([0-9]+) need Java, ([0-9]+) need a cluster\)$/\1 \2 \3 \4 \5/')
    printf '%-60s %6s %6s %6s %6s %6s\n' "$f" "$1" "$2" "$3" "$4" "$5"
    tn=$((tn + $1)); tp=$((tp + $2)); tf=$((tf + $3)); tj=$((tj + $4)); tc=$((tc + $5))
done <"$files"
printf '%-60s %6s %6s %6s %6s %6s\n' total "$tn" "$tp" "$tf" "$tj" "$tc"
if [ $((tp + tf)) -gt 0 ]; then
    awk -v p="$tp" -v f="$tf" -v n="$tn" 'BEGIN {
        printf "pass rate: %.1f%% of the %d blocks that need no Java class or cluster (%d of %d blocks in all)\n",
               100 * p / (p + f), p + f, p, n }'
fi
[ "$tf" -eq 0 ]
