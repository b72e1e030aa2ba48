#!/bin/sh
# Tests the eddy command's non-interactive ways in: -e and -f (statements
# echoed after the prompt, stop at the first failure, exit status 1), -i
# (silent set-up), SQL piped into stdin (every statement runs), and
# --check itself (a passing script, a failing one with its exact report,
# --rewrite); a NUL byte in any of them is an error at its position. Usage: test-cli.sh PATH_TO_EDDY
eddy="$1"
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
# name, expected exit status, file with expected output, actual output, actual
# status ($(...) drops the trailing blank line the shell prints)
expect() {
  if [ "$5" -ne "$2" ]; then echo "FAIL $1: exit status $5, expected $2"; fail=1; fi
  if ! printf '%s\n' "$4" | diff -u "$3" -; then echo "FAIL $1: output differs"; fail=1; else echo "ok   $1"; fi
}

cat >"$tmp/e.out" <<'OUT'
Flink SQL> SELECT 'one' AS x;
+----+--------------------------------+
| op |                              x |
+----+--------------------------------+
| +I |                            one |
+----+--------------------------------+
Received a total of 1 row

Flink SQL> SELECT nope;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 8 to line 1, column 11: Column 'nope' not found in any table
OUT
out=$("$eddy" -e "SELECT 'one' AS x; SELECT nope; SELECT 'never' AS y"); rc=$?
expect "-e stops at the first failure" 1 "$tmp/e.out" "$out" $rc

cat >"$tmp/i.out" <<'OUT'
Flink SQL> SELECT n * 10 AS tens FROM numbers;
+------+
| tens |
+------+
|   10 |
|   20 |
|   30 |
+------+
3 rows in set
OUT
out=$("$eddy" -i tests/shell/fixtures/init.sql -e "SELECT n * 10 AS tens FROM numbers"); rc=$?
expect "-i sets up the session silently" 0 "$tmp/i.out" "$out" $rc

printf 'SELECT 1 AS x FROM nowhere;\nSELECT 2 AS y;\n' >"$tmp/f.sql"
cat >"$tmp/f.out" <<'OUT'
[INFO] Executing SQL from file.

Flink SQL> SELECT 1 AS x FROM nowhere;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 20 to line 1, column 26: Object 'nowhere' not found
OUT
out=$("$eddy" -f "$tmp/f.sql"); rc=$?
expect "-f stops at the first failure" 1 "$tmp/f.out" "$out" $rc

cat >"$tmp/stdin.out" <<'OUT'
Flink SQL> SELECT 1 AS x FROM nowhere;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 20 to line 1, column 26: Object 'nowhere' not found

Flink SQL> SELECT 2 AS y;
+----+-------------+
| op |           y |
+----+-------------+
| +I |           2 |
+----+-------------+
Received a total of 1 row
OUT
out=$("$eddy" <"$tmp/f.sql"); rc=$?
expect "stdin runs every statement" 1 "$tmp/stdin.out" "$out" $rc

out=$("$eddy" -f "$tmp/missing.sql" 2>&1); rc=$?
printf 'eddy: cannot read %s: No such file or directory\n' "$tmp/missing.sql" >"$tmp/missing.out"
expect "-f of a missing file" 1 "$tmp/missing.out" "$out" $rc

out=$(EDDY_RUNNER_NAME=my-job "$eddy" --check tests/shell/fixtures/runner_pass.q); rc=$?
printf 'ok   tests/shell/fixtures/runner_pass.q (5 blocks)\n5 passed, 0 failed\n' >"$tmp/pass.out"
expect "--check of a passing script" 0 "$tmp/pass.out" "$out" $rc

out=$("$eddy" --check tests/shell/fixtures/runner_fail.q); rc=$?
expect "--check reports each mismatch" 1 tests/shell/fixtures/runner_fail.out "$out" $rc

out=$("$eddy" --check --flink tests/shell/fixtures/runner_flink.q); rc=$?
expect "--check --flink skips what needs Java or a cluster" 1 tests/shell/fixtures/runner_flink.out "$out" $rc

out=$("$eddy" --check --flink --rewrite tests/shell/fixtures/runner_flink.q 2>&1); rc=$?
printf "eddy: --rewrite cannot be combined with --flink (Flink's scripts are not ours to rewrite).\nTry 'eddy --help'.\n" >"$tmp/flinkrw.out"
expect "--flink with --rewrite" 2 "$tmp/flinkrw.out" "$out" $rc

cp tests/shell/fixtures/runner_fail.q "$tmp/rewritten.q"
"$eddy" --check --rewrite "$tmp/rewritten.q" >/dev/null
out=$("$eddy" --check "$tmp/rewritten.q" | tail -1); rc=$?
printf '4 passed, 0 failed\n' >"$tmp/rewrite.out"
expect "--rewrite makes a script pass" 0 "$tmp/rewrite.out" "$out" $rc

out=$("$eddy" --bogus 2>&1); rc=$?
printf "eddy: unknown option or argument '--bogus'.\nTry 'eddy --help'.\n" >"$tmp/bogus.out"
expect "an unknown option" 2 "$tmp/bogus.out" "$out" $rc

"$eddy" -e "HELP; QUIT; SELECT 'not run' AS x" >"$tmp/help.txt"; rc=$?
printf "Flink SQL> HELP;\nThe following commands are available:\n\nFlink SQL> QUIT;\n[INFO] Exiting eddy shell...\n" >"$tmp/help.out"
out=$(sed -n '1,3p' "$tmp/help.txt"; tail -3 "$tmp/help.txt" | head -2)
expect "HELP, then QUIT ends the script" 0 "$tmp/help.out" "$out" $rc

# malformed input skipped under ignore-parse-errors is reported, never silent
printf '1,a\nx,b\n3,c\n' >"$tmp/bad.csv"
cat >"$tmp/malformed.out" <<OUT
Flink SQL> CREATE TABLE t (n INT, s STRING) WITH ('connector' = 'filesystem', 'path' = '$tmp/bad.csv', 'format' = 'csv', 'csv.ignore-parse-errors' = 'true');
[INFO] Execute statement succeeded.

Flink SQL> SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.

Flink SQL> SELECT * FROM t;
+--------+---+
|      n | s |
+--------+---+
|      1 | a |
| <NULL> | b |
|      3 | c |
+--------+---+
3 rows in set
[WARNING] 1 malformed record in $tmp/bad.csv (1 with fields set to NULL); first at line 2: For input string: "x"
OUT
out=$("$eddy" -e "CREATE TABLE t (n INT, s STRING) WITH ('connector' = 'filesystem', 'path' = '$tmp/bad.csv', 'format' = 'csv', 'csv.ignore-parse-errors' = 'true'); SET 'execution.runtime-mode' = 'batch'; SELECT * FROM t"); rc=$?
expect "malformed records are reported" 0 "$tmp/malformed.out" "$out" $rc

# a NUL byte in a script is an error at its place, never the end of the
# statement (which would run without its WHERE): -f, -i, stdin and --check
printf 'SELECT a FROM (VALUES (1), (2)) AS T(a)\000 WHERE a = 2;\nSELECT\n  1 AS x,\n  \303\251\000;\nSELECT 3 AS y;\n' >"$tmp/nul.sql"
cat >"$tmp/nul.out" <<'OUT'
Flink SQL> SELECT a FROM (VALUES (1), (2)) AS T(a) WHERE a = 2;
[ERROR] Could not execute SQL statement. Reason:
SQL parse failed. Lexical error at line 1, column 40.  Encountered: "" (0), after : ""

Flink SQL> SELECT
>   1 AS x,
>   é;
[ERROR] Could not execute SQL statement. Reason:
SQL parse failed. Lexical error at line 3, column 4.  Encountered: "" (0), after : ""

Flink SQL> SELECT 3 AS y;
+----+-------------+
| op |           y |
+----+-------------+
| +I |           3 |
+----+-------------+
Received a total of 1 row
OUT
out=$("$eddy" <"$tmp/nul.sql"); rc=$?
expect "a NUL in SQL on stdin is an error at its line and column" 1 "$tmp/nul.out" "$out" $rc
out=$("$eddy" -f "$tmp/nul.sql"); rc=$?
printf '[INFO] Executing SQL from file.\n\n' >"$tmp/nulf.out"
sed -n '1,3p' "$tmp/nul.out" >>"$tmp/nulf.out"
expect "a NUL in a -f script stops it there" 1 "$tmp/nulf.out" "$out" $rc
out=$("$eddy" -i "$tmp/nul.sql" -e "SELECT 1" 2>"$tmp/nuli.err"); rc=$?
out=$(printf '%s\n' "$out"; cat "$tmp/nuli.err")
{ sed -n '2,3p' "$tmp/nul.out"; printf 'eddy: the init file %s failed; see the error above.\n' "$tmp/nul.sql"; } >"$tmp/nuli.out"
expect "a NUL in an -i file fails it" 1 "$tmp/nuli.out" "$out" $rc
printf 'SELECT 1 AS x;\n+----+\n!ok\n\nSELECT\000 2;\n!ok\n' >"$tmp/nul.q"
out=$("$eddy" --check "$tmp/nul.q"); rc=$?
printf 'FAIL %s: a NUL byte at line 5, column 7 (a .q file is text)\n0 passed, 1 failed\n' "$tmp/nul.q" >"$tmp/nulq.out"
expect "--check of a .q file with a NUL" 1 "$tmp/nulq.out" "$out" $rc

out=$("$eddy" --version); rc=$?
printf 'eddy 0.1.0\n' >"$tmp/version.out"
expect "--version" 0 "$tmp/version.out" "$out" $rc

[ $fail -eq 0 ] && echo "all passed"
exit $fail
