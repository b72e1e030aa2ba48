#!/bin/sh
# Every global symbol defined by libeddy must start with eddy_ (public) or
# eddy__ (internal): the library must not pollute an embedder's namespace.
lib="$1"
bad=$(nm -g --defined-only "$lib" 2>/dev/null | awk 'NF==3 {print $3}' | grep -v '^eddy_' | grep -v '^__odr_asan' | grep -v '^__asan' | sort -u)
if [ -n "$bad" ]; then
  echo "symbols outside the eddy_ namespace:" >&2
  echo "$bad" >&2
  exit 1
fi
