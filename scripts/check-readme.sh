#!/bin/sh
# Keeps README.md's C code true. The first ```c block (a whole program) is
# built with the README's own compile command -- its first indented line
# starting with "cc " -- then run with the next indented line (./first), and
# its output must be the indented block after "It prints:" (lines compared
# without the "N> " subtask prefix of a parallel print sink, in any order).
# Every other ```c block is a snippet: it is put in a main() that has an env
# and a tenv, built with the same command, and run; it must exit 0 with no
# error left on the env. A block starting with "static " is file-scope code
# (a callback) for the snippet after it. Everything is built with -Wall -Wextra -Werror.
# Usage: check-readme.sh <source dir> <build dir> (the build holds
# libeddy.a and eddy-link-flags.txt; the command's build/ points there).
# EDDY_README_CC, when set, is the compile command used instead of the
# README's (tests/shell/test-install.sh builds against the installed
# library with it); it too must build first.c into first.
src=$(cd "$1" 2>/dev/null && pwd); bin=$(cd "$2" 2>/dev/null && pwd)
readme="$src/README.md"
if [ ! -r "$readme" ] || [ ! -r "$bin/libeddy.a" ] || [ ! -r "$bin/eddy-link-flags.txt" ]; then
  echo "usage: $0 <source dir> <build dir with libeddy.a and eddy-link-flags.txt>" >&2
  exit 2
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ln -s "$src/include" "$tmp/include"
ln -s "$bin" "$tmp/build"

# The code blocks, block1.c block2.c ..., and the three parts of the text.
awk -v dir="$tmp" '
  /^```c[[:space:]]*$/ { n++; f = dir "/block" n ".c"; inblock = 1; next }
  inblock && /^```/ { inblock = 0; close(f); next }
  inblock { print > f; next }
  n >= 1 && !cc && /^    cc / { cc = 1; sub(/^    /, ""); print > (dir "/compile"); getline;
                                if ($0 ~ /^    \.\//) { sub(/^    /, ""); print > (dir "/run") } next }
  n >= 1 && /^It prints:/ { want = 1; next }
  want == 1 && /^    / { sub(/^    /, ""); print > (dir "/expected"); next }
  want == 1 && /^$/ && !seen_expected { next }
  want == 1 { want = 2 }
' "$readme"
for part in block1.c compile run expected; do
  if [ ! -s "$tmp/$part" ]; then
    echo "README.md: could not find the first program's $part (see $0 for what it looks for)" >&2
    exit 1
  fi
done
if ! grep -q 'int main' "$tmp/block1.c"; then
  echo "README.md: the first C block is not a whole program" >&2; exit 1
fi
compile=${EDDY_README_CC:-$(cat "$tmp/compile")}
run=$(cat "$tmp/run")
case "$compile" in *first.c*"-o first"*) ;; *)
  echo "README.md: the compile command does not build first.c into first: $compile" >&2; exit 1 ;;
esac

fail=0
# Builds $1.c into $1 with the README's command, or says why not.
build() {
  cmd=$(printf '%s\n' "$compile" | sed "s/first\.c/$1.c/; s/-o first/-o $1/")
  if ! (cd "$tmp" && sh -c "$cmd -Wall -Wextra -Werror") >"$tmp/$1.log" 2>&1; then
    echo "README.md: \`$cmd\` failed:" >&2; cat "$tmp/$1.log" >&2
    return 1
  fi
}

# The first program.
mv "$tmp/block1.c" "$tmp/first.c"
if build first; then
  if ! (cd "$tmp" && sh -c "$run") >"$tmp/out" 2>"$tmp/err"; then
    echo "README.md: \`$run\` failed:" >&2; cat "$tmp/err" >&2; fail=1
  else
    sed 's/^[0-9][0-9]*> //' "$tmp/out" | sort >"$tmp/got"
    sort "$tmp/expected" >"$tmp/want"
    if ! diff -u "$tmp/want" "$tmp/got"; then
      echo "README.md: the first program's output differs from what the README says it prints" >&2; fail=1
    fi
  fi
else
  fail=1
fi

# The snippets, in order. A block whose first line starts with "static " is
# file-scope code (a callback): it goes before main() of the next snippet,
# which uses it, and is not run on its own.
scope=""
i=1
while [ -e "$tmp/block$((i + 1)).c" ]; do
  i=$((i + 1))
  f="$tmp/block$i.c"
  name="block$i"
  if head -n 1 "$f" | grep -q '^static '; then
    scope="$scope $f"
    continue
  fi
  {
    printf '#include <eddy.h>\n#include <stdio.h>\n\n'
    for g in $scope; do printf '#line 1 "README.md %s"\n' "$(basename "$g" .c)"; cat "$g"; done
    printf '\nint main(void) {\n'
    printf '    eddy_env *env = eddy_env_new(NULL);\n    eddy_tenv *tenv = eddy_tenv_new(env);\n    (void)tenv;\n'
    printf '#line 1 "README.md %s"\n' "$name"
    cat "$f"
    printf '    int rc = eddy_env_errcode(env) != EDDY_OK;\n'
    printf '    if (rc) fprintf(stderr, "error: %%s\\n", eddy_env_errmsg(env));\n'
    printf '    eddy_env_free(env);\n    return rc;\n}\n'
  } >"$tmp/snippet_$name.c"
  scope=""
  if build "snippet_$name"; then
    if ! (cd "$tmp" && "./snippet_$name") >/dev/null 2>"$tmp/err"; then
      echo "README.md: the C snippet $name failed when run:" >&2; cat "$tmp/err" >&2; fail=1
    fi
  else
    fail=1
  fi
done
if [ -n "$scope" ]; then
  echo "README.md: a file-scope block (starting with 'static ') is not followed by a snippet that uses it" >&2
  fail=1
fi
exit $fail
