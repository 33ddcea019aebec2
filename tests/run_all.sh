#!/usr/bin/env bash
# `make test`: every suite against the release build and the sanitizer build.
# Each suite prints its own closing line; this script adds them up and ends
# with one line `all: N passed, N failed`.  Exit 1 when anything failed.
#
# The suites run side by side from a pool (tests/suite_lib.sh) sized to the
# cores (TEST_CORES, default nproc): each CPU-bound suite runs its programs
# one at a time and counts for one core, so that both cores stay busy to the
# end without running more programs than cores (the sanitizer build's time
# limits stay far from a program's need); the MCP suites, which mostly wait
# on a server's replies, run beside them.  The longest go first.  The closing table gives each suite's
# wall and CPU time (user+sys, its processes included).
set -u
cd "$(dirname "$0")/.."
export CK_DEFAULT_TIMEOUT=${CK_DEFAULT_TIMEOUT:-120}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
. tests/suite_lib.sh
rel=${SAFEPY_RELEASE:-build/safepy}
asan=build/asan/safepy
unit_rel=${UNIT_RELEASE:-build/test_unit}
cores=${TEST_CORES:-$(nproc 2>/dev/null || echo 2)}

# the SDK and the SARIF schema are installed once, before the two MCP runs
if [ -f tests/mcp/run.sh ]; then
    run "mcp setup" bash tests/mcp/run.sh --prepare
    pool_add "mcp (release)" 0 bash tests/mcp/run.sh "$rel"
    pool_add "mcp (asan)" 0 bash tests/mcp/run.sh "$asan"
fi
# Escape attempts and runaway programs, two at a time: most cases wait for a
# limit, but some keep a core busy against one (the collector's stress cases
# need up to 17 s of CPU of their 60 under the sanitizers): each suite counts
# for a core, so that no more programs run than the cores can carry.
pool_add "security (asan)" 1 env SECURITY_JOBS=2 bash tests/security.sh "$asan"
pool_add "security (release)" 1 env SECURITY_JOBS=2 bash tests/security.sh "$rel"
pool_add "corpus (asan)" 1 env CORPUS_JOBS=1 bash tests/corpus.sh "$asan"
pool_add "lint threads (asan)" 1 bash tests/lint/threads.sh "$asan"
# libsafepy: the C API (against the .so, and under the sanitizers) and the
# Python binding over the .so.
pool_add "lib (asan)" 1 build/asan/test_lib
pool_add "lib (release)" 1 build/test_lib
pool_add "binding (release)" 1 python3 tests/lib/test_binding.py
# Failed allocations end cleanly (the sanitizer build honours SAFEPY_FAIL_ALLOC):
# a sample of the failure points here, more of them in `make check`.
pool_add "allocfail sample (asan)" 1 env ALLOCFAIL_JOBS=1 ALLOCFAIL_POINTS=${ALLOCFAIL_POINTS:-5} \
    bash tests/allocfail.sh "$asan"
pool_add "cli (asan)" 1 bash tests/cli.sh "$asan"
pool_add "unit (asan)" 1 build/asan/test_unit
pool_add "lint threads (release)" 1 bash tests/lint/threads.sh "$rel"
# The re-entrancy fuzzer: 200 small programs from a fixed seed (make fuzz-reentrancy runs 20,000).
pool_add "reentrancy smoke (asan)" 1 env REENT_TIMEOUT=2 REENT_ATTACKS=3-5 \
    bash tests/reentrancy/run.sh --jobs 1 "$asan" 7 200
pool_add "cli (release)" 1 bash tests/cli.sh "$rel"
pool_add "unit (release)" 1 "$unit_rel"
pool_add "corpus (release)" 1 env CORPUS_JOBS=1 bash tests/corpus.sh "$rel"
pool_run "$cores"
report
