#!/bin/sh
# Runs every example of build/examples under valgrind's leak checker; fails
# on any error or leak. (The ASan build of `make test` cannot run under
# valgrind, so this uses the plain build.)
set -e
cd "$(dirname "$0")/.."
status=0
for ex in build/examples/*; do
  [ -x "$ex" ] || continue
  if valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect,possible \
       --error-exitcode=9 "$ex" >/dev/null 2>/tmp/eddy-valgrind.txt; then
    echo "valgrind ok: $(basename "$ex")"
  else
    echo "valgrind FAILED: $(basename "$ex")"; cat /tmp/eddy-valgrind.txt; status=1
  fi
done
exit $status
