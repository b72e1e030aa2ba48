#!/bin/sh
# Installs the Debian packages the build needs, only those that are missing.
# Runs as root on a fresh Debian machine (CI); elsewhere it just reports.
# `install-deps.sh bench` also installs what the benchmarks' plots need
# (gnuplot); never needed by the build or the tests.
set -e
need=""
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

have_cmd cc || need="$need gcc"
# the install test builds the README's program as C++ too
have_cmd c++ || need="$need g++"
have_cmd make || need="$need make"
have_cmd cmake || need="$need cmake"
have_cmd pkg-config || need="$need pkg-config"
have_pkg libc6-dev || need="$need libc6-dev"
have_cmd valgrind || need="$need valgrind"
# make test's ThreadSanitizer build (build-tsan): gcc's TSan runtime
have_pkg libtsan2 || need="$need libtsan2"
# the REGEXP functions
have_pkg libpcre2-dev || need="$need libpcre2-dev"
# the 'kafka' / 'upsert-kafka' connectors; the tests use its mock cluster
have_pkg librdkafka-dev || need="$need librdkafka-dev"
# the 'avro' format: libavro parses the Avro files' schemas; snappy is Flink's
# default block codec for Avro files (zlib, for 'deflate', comes with libavro)
have_pkg libavro-dev || need="$need libavro-dev"
have_pkg libsnappy-dev || need="$need libsnappy-dev"
have_pkg zlib1g-dev || need="$need zlib1g-dev"
# the 'rocksdb' state backend (src/state/rocksdb.c): RocksDB's C API
have_pkg librocksdb-dev || need="$need librocksdb-dev"
# the Prometheus endpoint and the web dashboard (src/api/monitor.c)
have_pkg libmicrohttpd-dev || need="$need libmicrohttpd-dev"
# the dashboard test (tests/shell/test-dashboard.sh) loads the page in headless chromium
have_cmd chromium || need="$need chromium"
# the eddy shell: line editing and history at the interactive prompt
have_pkg libedit-dev || need="$need libedit-dev"
# the 'jdbc' connector (libpq) and the PostgreSQL server its test starts
have_pkg libpq-dev || need="$need libpq-dev"
have_pkg postgresql || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need="$need postgresql"
if [ "$1" = bench ]; then
  have_cmd gnuplot || need="$need gnuplot-nox"
fi

# Optional: clang with libFuzzer for the SQL parser fuzzer (fuzz/). Without
# it the fuzzer is simply not built.
want=""
have_cmd clang || want="$want clang"
have_pkg libclang-rt-dev || ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 ||
  want="$want libclang-rt-dev"

if [ -n "$want" ]; then
  if [ "$(id -u)" = 0 ] && have_cmd apt-get; then
    echo "installing:$want"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq $want; } >/dev/null 2>&1 ||
      echo "could not install$want: the SQL parser fuzzer will not be built" >&2
  else
    echo "optional packages missing:$want (the SQL parser fuzzer will not be built)" >&2
  fi
fi

if [ -n "$need" ]; then
  if [ "$(id -u)" = 0 ] && have_cmd apt-get; then
    echo "installing:$need"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq $need >/dev/null
  else
    echo "missing packages:$need (run as root to install them)" >&2
    exit 1
  fi
fi
