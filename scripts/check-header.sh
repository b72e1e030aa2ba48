#!/bin/sh
# include/eddy.h compiles cleanly as C11 and as C++ (-Wall -Wextra -Werror
# -pedantic), and a call of a NULL-terminated variadic function
# (EDDY_SENTINEL) without its closing NULL is a compile error under -Werror
# -- in C and in C++ -- while the same call with it compiles.
# Usage: check-header.sh <C compiler> <include dir>
cc="$1"; inc="$2"
if [ -z "$cc" ] || [ ! -r "$inc/eddy.h" ]; then echo "usage: $0 <C compiler> <include dir>" >&2; exit 2; fi
cxx=""
for c in c++ g++ clang++; do
  if command -v "$c" >/dev/null 2>&1; then cxx="$c"; break; fi
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0

# compile <compiler> <file> <language flags...>: 0 when it compiles.
compile() {
  comp="$1"; file="$2"; shift 2
  "$comp" "$@" -Wall -Wextra -Werror -pedantic -I"$inc" -c "$file" -o "$tmp/out.o" >"$tmp/log" 2>&1
}

# The header alone.
printf '#include <eddy.h>\nint eddy_header_check;\n' >"$tmp/header.c"
if ! compile "$cc" "$tmp/header.c" -std=c11; then echo "eddy.h does not compile as C11:" >&2; cat "$tmp/log" >&2; fail=1; fi
if [ -n "$cxx" ]; then
  cp "$tmp/header.c" "$tmp/header.cpp"
  if ! compile "$cxx" "$tmp/header.cpp" -std=c++11; then
    echo "eddy.h does not compile as C++11:" >&2; cat "$tmp/log" >&2; fail=1
  fi
else
  echo "note: no C++ compiler found; the C++ checks are skipped" >&2
fi

# Each sentinel function, called with and without its NULL.
while IFS='|' read -r name args; do
  [ -n "$name" ] || continue
  for with in yes no; do
    if [ "$with" = yes ]; then call="$name($args, NULL)"; else call="$name($args)"; fi
    cat >"$tmp/call.c" <<EOF
#include <eddy.h>
#include <stddef.h>
void call(eddy_env *env, eddy_table *t, eddy_schema *sc, eddy_table_descriptor *d, eddy_expr *e);
void call(eddy_env *env, eddy_table *t, eddy_schema *sc, eddy_table_descriptor *d, eddy_expr *e) {
    (void)env; (void)t; (void)sc; (void)d; (void)e;
    (void)$call;
}
EOF
    cp "$tmp/call.c" "$tmp/call.cpp"
    for lang in c cpp; do
      if [ "$lang" = c ]; then comp="$cc"; std=-std=c11; else comp="$cxx"; std=-std=c++11; fi
      [ -n "$comp" ] || continue
      if compile "$comp" "$tmp/call.$lang" "$std"; then ok=yes; else ok=no; fi
      if [ "$with" = yes ] && [ "$ok" = no ]; then
        echo "$lang: \`$call\` does not compile:" >&2; cat "$tmp/log" >&2; fail=1
      elif [ "$with" = no ] && [ "$ok" = yes ]; then
        echo "$lang: \`$call\` (no closing NULL) compiles without a warning" >&2; fail=1
      elif [ "$with" = no ] && ! grep -q 'sentinel' "$tmp/log"; then
        echo "$lang: \`$call\` fails, but not for its missing sentinel:" >&2; cat "$tmp/log" >&2; fail=1
      fi
    done
  done
done <<'EOF'
eddy_table_as|t, "a"
eddy_schema_primary_key|sc, "a"
eddy_schema_primary_key_named|sc, "pk", "a"
eddy_table_descriptor_partitioned_by|d, "a"
eddy_call|env, "+", e, e
EOF

# Every variadic EDDY_API function is marked (or is printf-like).
unmarked=$(grep '^[[:space:]]*EDDY_API.*\.\.\.)' "$inc/eddy.h" | grep -v 'EDDY_SENTINEL' | grep -v 'const char \*fmt, \.\.\.)')
if [ -n "$unmarked" ]; then
  echo "variadic functions without EDDY_SENTINEL (or a format attribute):" >&2; echo "$unmarked" >&2; fail=1
fi
exit $fail
