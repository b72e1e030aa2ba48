# The two commands (see README.md): `make run` and `make test`.
# Both install what the build needs (Debian packages, only when missing).
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps build run test clean bench bench-nexmark bench-duckdb bench-jdbc fuzz install

# How long `make fuzz` runs each of the two fuzzers (seconds).
FUZZ_TIME ?= 300

all: build

deps:
	@./scripts/install-deps.sh

build: deps
	@cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build build -j $(JOBS)

# Installs the header, libeddy.a, libeddy.so.MAJOR (SONAME) with its links,
# the eddy shell, its man page, eddy.pc and the CMake package under PREFIX
# (staged under DESTDIR when it is set).
PREFIX ?= /usr/local
install: build
	@DESTDIR="$(DESTDIR)" cmake --install build --prefix "$(PREFIX)"

run: build
	@./scripts/run-main.sh

# The suite runs under AddressSanitizer + UndefinedBehaviorSanitizer; the
# tests that exercise threads (EDDY_TSAN_TESTS in CMakeLists.txt) run again
# under ThreadSanitizer in build-tsan; then the examples of the plain build
# run under valgrind.
test: deps
	@cmake -S . -B build-test -DCMAKE_BUILD_TYPE=Debug -DEDDY_SANITIZE=ON >/dev/null
	@cmake --build build-test -j $(JOBS)
	@cd build-test && ctest --output-on-failure -j $(JOBS)
	@cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DEDDY_TSAN=ON >/dev/null
	@cmake --build build-tsan -j $(JOBS)
	@cd build-tsan && ctest --output-on-failure -j $(JOBS)
	@$(MAKE) --no-print-directory build
	@./scripts/valgrind-examples.sh

# The libFuzzer targets, each run for FUZZ_TIME seconds over its seed corpus
# and what earlier runs found (build-test/fuzz/corpus*): the SQL front end
# (fuzz/corpus), then the whole library through eddy_tenv_execute_sql
# (fuzz/corpus_sql; print sinks' output is dropped: -close_fd_mask=3; an
# allocation past 2 GB is a finding: no function may size one from an argument).
fuzz: deps
	@cmake -S . -B build-test -DCMAKE_BUILD_TYPE=Debug -DEDDY_SANITIZE=ON >/dev/null
	@cmake --build build-test -j $(JOBS) --target fuzz_sql_parser fuzz_execute_sql
	@./build-test/fuzz/fuzz_sql_parser -max_total_time=$(FUZZ_TIME) -rss_limit_mb=4096 build-test/fuzz/corpus fuzz/corpus
	@./build-test/fuzz/fuzz_execute_sql -max_total_time=$(FUZZ_TIME) -rss_limit_mb=4096 -malloc_limit_mb=2048 -timeout=60 -close_fd_mask=3 \
		build-test/fuzz/corpus_sql fuzz/corpus_sql

bench: build
	@./bench/run.sh

# Nexmark q0-q22 against hand-written baselines (bench/README.md);
# NEXMARK_EVENTS, NEXMARK_QUERIES, NEXMARK_PARALLELISM change the runs.
bench-nexmark: build
	@./scripts/install-deps.sh bench
	@./bench/nexmark/run.sh

# The jdbc sink against a plain libpq loop, on a PostgreSQL server started
# for the run (bench/jdbc.sh); ROWS rows (200000), best of 3.
bench-jdbc: build
	@./bench/jdbc.sh $(or $(ROWS),200000) 3

# The batch-capable queries in eddy and in DuckDB (installed from npm into
# build/duckdb, only here), with their results compared.
bench-duckdb: build
	@./bench/nexmark/duckdb.sh

clean:
	rm -rf build build-test build-tsan
