#!/bin/sh
# The exported symbols of libeddy match include/eddy.h:
#   - every function the header declares EDDY_API is defined by the static
#     library and exported by the shared one (a declaration without a
#     definition is a link error in the user's program);
#   - the static library defines no global symbol outside eddy's namespace
#     (eddy_ public, eddy__ internal): it must not pollute an embedder's;
#   - the shared library exports nothing but the header's functions (the
#     internal eddy__ symbols are hidden).
# Usage: check-symbols.sh include/eddy.h libeddy.a libeddy.so
header="$1"; static_lib="$2"; shared_lib="$3"
if [ ! -r "$header" ] || [ ! -r "$static_lib" ] || [ ! -r "$shared_lib" ]; then
  echo "usage: $0 eddy.h libeddy.a libeddy.so" >&2
  exit 2
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# the sanitizers' own symbols come with an instrumented build
not_sanitizer() { grep -v -e '^__odr_asan' -e '^__asan' -e '^__ubsan' -e '^__sancov'; }

# The declared names: the identifier before the first '(' of each
# declaration that starts with EDDY_API (not the macro's own #define).
grep '^[[:space:]]*EDDY_API[[:space:]]' "$header" | sed 's/(.*//; s/.*[[:space:]*]//' | sort -u >"$tmp/declared"
if [ ! -s "$tmp/declared" ]; then echo "no EDDY_API declarations found in $header" >&2; exit 1; fi

nm -g --defined-only "$static_lib" 2>/dev/null | awk 'NF==3 {print $3}' | not_sanitizer | sort -u >"$tmp/static"
nm -D --defined-only "$shared_lib" 2>/dev/null | awk 'NF==3 {print $3}' | not_sanitizer | sort -u >"$tmp/shared"
fail=0

missing=$(comm -23 "$tmp/declared" "$tmp/static")
if [ -n "$missing" ]; then
  echo "declared in $header but not defined by $static_lib:" >&2; echo "$missing" >&2; fail=1
fi
missing=$(comm -23 "$tmp/declared" "$tmp/shared")
if [ -n "$missing" ]; then
  echo "declared in $header but not exported by $shared_lib:" >&2; echo "$missing" >&2; fail=1
fi
bad=$(grep -v '^eddy_' "$tmp/static")
if [ -n "$bad" ]; then
  echo "symbols of $static_lib outside the eddy_ namespace:" >&2; echo "$bad" >&2; fail=1
fi
extra=$(comm -13 "$tmp/declared" "$tmp/shared" | grep -v -e '^_init$' -e '^_fini$')
if [ -n "$extra" ]; then
  echo "exported by $shared_lib but not declared in $header:" >&2; echo "$extra" >&2; fail=1
fi
exit $fail
