#!/bin/sh
# Runs a program and compares its standard output with an expected file,
# printing a unified diff on mismatch.
prog="$1"; expected="$2"
out=$(mktemp); trap 'rm -f "$out"' EXIT
"$prog" >"$out"; rc=$?
if [ $rc -ne 0 ]; then echo "$prog exited with status $rc" >&2; exit 1; fi
if ! diff -u "$expected" "$out"; then exit 1; fi
