#!/bin/sh
# Tests the file catalog store (table.catalog-store.kind = file): a first
# shell creates a catalog, databases, tables, views and a function (and
# temporary objects, which are not kept); a second shell on the same folder
# sees the permanent ones, in default_catalog.default_database; the folder's
# files (<catalog>.yaml, eddy/ddl.sql); a catalog added as a .yaml file only;
# DROP CATALOG removes its file; the errors for a missing path, a file as the
# path, an unwritable folder, no path, an unknown kind and a damaged log.
# Usage: test-catalog-store.sh PATH_TO_EDDY
eddy="$1"
tmp=$(mktemp -d); chmod 755 "$tmp"; trap 'rm -rf "$tmp"' EXIT
fail=0
store="$tmp/store"; mkdir "$store"
init() { printf "SET 'table.catalog-store.kind' = 'file';\nSET 'table.catalog-store.file.path' = '%s';\n" "$1" >"$tmp/init.sql"; }
check() { # name, expected status, expected output file, actual output, actual status
  if [ "$5" -ne "$2" ]; then echo "FAIL $1: exit status $5, expected $2"; fail=1; fi
  if ! printf '%s\n' "$4" | diff -u "$3" -; then echo "FAIL $1: output differs"; fail=1; else echo "ok   $1"; fi
}
init "$store"
out=$("$eddy" -i "$tmp/init.sql" -e "CREATE CATALOG c1 WITH ('type' = 'generic_in_memory');
USE CATALOG c1;
CREATE DATABASE db1 COMMENT 'first';
USE db1;
CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '2');
CREATE VIEW v AS SELECT 1 AS x;
CREATE TEMPORARY VIEW tv AS SELECT 2 AS y;
CREATE TABLE gone (x INT) WITH ('connector' = 'datagen');
DROP TABLE gone;
ALTER TABLE t RENAME TO t2;
CREATE TABLE default_catalog.default_database.g (x INT) WITH ('connector' = 'datagen')" 2>&1); rc=$?
[ $rc -eq 0 ] || { echo "FAIL first run: status $rc"; printf '%s\n' "$out"; fail=1; }

cat >"$tmp/second.out" <<'OUT'
Flink SQL> SHOW CATALOGS;
+-----------------+
|    catalog name |
+-----------------+
|              c1 |
| default_catalog |
+-----------------+
2 rows in set

Flink SQL> SHOW CURRENT DATABASE;
+-----------------------+
| current database name |
+-----------------------+
|      default_database |
+-----------------------+
1 row in set

Flink SQL> SHOW TABLES;
+------------+
| table name |
+------------+
|          g |
+------------+
1 row in set

Flink SQL> SHOW TABLES FROM c1.db1;
+------------+
| table name |
+------------+
|         t2 |
|          v |
+------------+
2 rows in set

Flink SQL> SHOW VIEWS FROM c1.db1;
+-----------+
| view name |
+-----------+
|         v |
+-----------+
1 row in set
OUT
out=$("$eddy" -i "$tmp/init.sql" -e "SHOW CATALOGS; SHOW CURRENT DATABASE; SHOW TABLES; SHOW TABLES FROM c1.db1;
SHOW VIEWS FROM c1.db1" 2>&1); rc=$?
check "a second shell sees the first one's objects" 0 "$tmp/second.out" "$out" $rc

printf 'type: "generic_in_memory"\n' >"$tmp/c1.yaml"
if cmp -s "$tmp/c1.yaml" "$store/c1.yaml"; then echo "ok   c1.yaml holds the catalog's options"
else echo "FAIL c1.yaml:"; cat "$store/c1.yaml"; fail=1; fi
if grep -q 'TEMPORARY' "$store/eddy/ddl.sql"; then echo "FAIL the log holds a temporary object"; fail=1
else echo "ok   temporary objects are not logged"; fi

# a catalog known only by its .yaml file (as another client writes them), then DROP CATALOG
printf 'type: "generic_in_memory"\n' >"$store/c2.yaml"
cat >"$tmp/yaml.out" <<'OUT'
Flink SQL> SHOW CATALOGS;
+-----------------+
|    catalog name |
+-----------------+
|              c1 |
|              c2 |
| default_catalog |
+-----------------+
3 rows in set

Flink SQL> DROP CATALOG c1;
[INFO] Execute statement succeeded.
OUT
out=$("$eddy" -i "$tmp/init.sql" -e "SHOW CATALOGS; DROP CATALOG c1" 2>&1); rc=$?
check "a .yaml catalog is loaded; DROP CATALOG" 0 "$tmp/yaml.out" "$out" $rc
if [ -e "$store/c1.yaml" ]; then echo "FAIL DROP CATALOG left c1.yaml"; fail=1; else echo "ok   DROP CATALOG removes c1.yaml"; fi
out=$("$eddy" -i "$tmp/init.sql" -e "SHOW CATALOGS" 2>&1)
case "$out" in *" c1 |"*) echo "FAIL c1 came back after DROP CATALOG"; fail=1;; *) echo "ok   a dropped catalog stays dropped";; esac

err() { # name, path or '', expected error line
  if [ -n "$2" ]; then init "$2"; else printf "SET 'table.catalog-store.kind' = 'file';\n" >"$tmp/init.sql"; fi
  printf 'Flink SQL> SHOW CATALOGS;\n[ERROR] Could not execute SQL statement. Reason:\n%s\n' "$3" >"$tmp/err.out"
  out=$($4 "$eddy" -i "$tmp/init.sql" -e "SHOW CATALOGS" 2>&1); rc=$?
  check "$1" 1 "$tmp/err.out" "$out" $rc
}
err "a missing folder" "$tmp/none" "Failed to open catalog store. The catalog store directory $tmp/none does not exist."
touch "$tmp/file"
err "a file as the folder" "$tmp/file" "Failed to open catalog store. The given catalog store path $tmp/file is not a directory."
err "no path" "" "One or more required options are missing.

Missing required options are:

table.catalog-store.file.path"
mkdir "$tmp/ro"; chmod 555 "$tmp/ro"
if [ "$(id -u)" -eq 0 ]; then as_nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"; else as_nobody=""; fi
chmod 644 "$tmp/init.sql"
err "an unwritable folder" "$tmp/ro" "Failed to open catalog store. The catalog store directory $tmp/ro is not writable." "$as_nobody"
printf "SET 'table.catalog-store.kind' = 'jdbc';\n" >"$tmp/init.sql"
out=$("$eddy" -i "$tmp/init.sql" -e "SHOW CATALOGS" 2>&1); rc=$?
case "$out" in *"Could not find any factory for identifier 'jdbc' that implements 'org.apache.flink.table.factories.CatalogStoreFactory'"*) echo "ok   an unknown kind";;
  *) echo "FAIL an unknown kind: $out"; fail=1;; esac
printf -- '-- eddy-ddl 99\nCREATE DATABASE x\n' >"$store/eddy/ddl.sql"
err "a damaged log" "$store" "Failed to restore the catalog store $store: record 1 of $store/eddy/ddl.sql is damaged."
printf -- '-- eddy-ddl 19\nCREATE DATABASE x.y\n' >"$store/eddy/ddl.sql"
err "a failing record" "$store" "Failed to restore the catalog store $store (record 1 of eddy/ddl.sql): A catalog with name [x] does not exist."
[ $fail -eq 0 ] && echo "all passed"
exit $fail
