#!/bin/sh
# Runs a program and compares its standard output with an expected file,
# printing a unified diff on mismatch. An expected file named *.pattern holds
# one extended regular expression per line instead: the output must have as
# many lines, each matching its pattern (for programs whose output is random).
# Arguments after the expected file are passed to the program.
prog="$1"; expected="$2"; shift 2
out=$(mktemp); trap 'rm -f "$out"' EXIT
"$prog" "$@" >"$out"; rc=$?
if [ $rc -ne 0 ]; then echo "$prog exited with status $rc" >&2; exit 1; fi
case "$expected" in
*.pattern)
  want=$(wc -l <"$expected"); got=$(wc -l <"$out")
  if [ "$want" -ne "$got" ]; then
    echo "expected $want lines, got $got:" >&2; cat "$out" >&2; exit 1
  fi
  n=0
  while IFS= read -r pat <&3 && IFS= read -r line <&4; do
    n=$((n + 1))
    if ! printf '%s\n' "$line" | grep -Eq -- "$pat"; then
      echo "line $n does not match /$pat/: $line" >&2; exit 1
    fi
  done 3<"$expected" 4<"$out"
  ;;
*)
  if ! diff -u "$expected" "$out"; then exit 1; fi
  ;;
esac
