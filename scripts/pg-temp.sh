# pg-temp.sh -- sourced by the scripts that need a PostgreSQL server of their
# own (tests/shell/test-jdbc.sh, bench/jdbc.sh): pg_temp_start starts one in
# a temporary directory on a private port (127.0.0.1 and a socket in that
# directory), as the unprivileged user nobody when run as root, user eddy
# with password s3cret-Pw; its arguments are extra server settings
# ("-c log_statement=all"). It sets $bindir, $tmp and $port, defines psql
# (against that server), and stops the server and removes $tmp on exit.
# Returns 77 when no PostgreSQL server (initdb) is installed.
pg_temp_start() {
  bindir=$(pg_config --bindir 2>/dev/null)
  [ -x "$bindir/initdb" ] || bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ ! -x "$bindir/initdb" ]; then echo "no PostgreSQL server (initdb) found: skipped"; return 77; fi
  tmp=$(mktemp -d)
  chmod 755 "$tmp"
  pg_as=""
  if [ "$(id -u)" = 0 ]; then
    chown nobody "$tmp"
    pg_as="runuser -u nobody --"
  fi
  port=$((40000 + $(od -An -N2 -tu2 /dev/urandom) % 9000))
  trap pg_temp_stop EXIT
  trap 'exit 1' INT TERM
  echo 's3cret-Pw' >"$tmp/pw"
  chmod 644 "$tmp/pw"
  $pg_as "$bindir/initdb" -D "$tmp/data" -U eddy --pwfile="$tmp/pw" -A scram-sha-256 --no-sync -E UTF8 >"$tmp/initdb.log" 2>&1 ||
    { cat "$tmp/initdb.log"; return 1; }
  $pg_as "$bindir/pg_ctl" -D "$tmp/data" -l "$tmp/data/log" -w -o "-p $port -k $tmp -c listen_addresses=127.0.0.1 -c fsync=off $*" start >/dev/null ||
    { cat "$tmp/data/log"; return 1; }
}

pg_temp_stop() {
  $pg_as "$bindir/pg_ctl" -D "$tmp/data" -m immediate stop >/dev/null 2>&1
  rm -rf "$tmp"
}

psql() { PGPASSWORD=s3cret-Pw "$bindir/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U eddy -d postgres "$@"; }
