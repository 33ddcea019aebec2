#!/usr/bin/env bash
# `make check`: the long suites, run after `make test` (CI runs both): the
# shipped (profiled) binary's unit tests and corpus, every
# allocation-failure point of tests/allocfail.sh's programs, a longer
# re-entrancy fuzzer run, the libFuzzer targets' smoke run, the static binary's
# suites, the Debian package, the pre-commit hooks and the MCP soak (a long session whose worker memory must stay flat).  Same closing line as
# `make test`: `all: N passed, N failed`.
set -u
cd "$(dirname "$0")/.."
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
. tests/suite_lib.sh

run_bg "mcp soak (release)" node tests/mcp/soak.mjs build/safepy "${SOAK_CALLS:-3000}"
# the shipped binary (profiled when PGO=1; make test runs the plain -O2 build)
run "unit (shipped)" "${UNIT_SHIPPED:-build/test_unit}"
run "corpus (shipped)" bash tests/corpus.sh build/safepy
# `make install` installs build/safepy: its MCP test (skipped by make test,
# which does not build it) runs here
run "mcp install (shipped)" bash -c 'cd tests/mcp && SAFEPY_BIN="$(cd ../.. && pwd)/build/safepy" exec node --test --test-reporter=spec install.test.mjs'
run "allocfail (asan)" bash tests/allocfail.sh build/asan/safepy
run "reentrancy (asan)" env REENT_TIMEOUT=2 bash tests/reentrancy/run.sh build/asan/safepy "${REENT_SEED:-11}" "${REENT_COUNT:-1000}"
run "fuzz smoke" bash tests/fuzz/run.sh --smoke build/fuzz
# the static binary (make static): its suites and a run in an empty root
run "static" bash tests/static.sh build/safepy-static
# the Debian package (make deb): lintian, dpkg into a scratch root, MCP from it
command -v lintian >/dev/null 2>&1 || [ "$(id -u)" != 0 ] ||
    apt-get install -y --no-install-recommends lintian >/dev/null 2>&1
run "deb" bash tests/deb.sh build/safepy_*.deb
# the pre-commit hooks (.pre-commit-hooks.yaml, docs/ci.md) on a scratch repository
run "precommit" bash tests/precommit.sh build/safepy-static
finish_bg
report
