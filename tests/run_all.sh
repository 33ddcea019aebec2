#!/usr/bin/env bash
# `make test`: every suite against the release build and the sanitizer build.
# Each suite prints its own closing line; this script adds them up and ends
# with one line `all: N passed, N failed`.  Exit 1 when anything failed.
set -u
cd "$(dirname "$0")/.."
export CK_DEFAULT_TIMEOUT=${CK_DEFAULT_TIMEOUT:-120}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
. tests/suite_lib.sh

# The MCP suites spend most of their time waiting for the server (time
# limits, a killed worker): they run beside the CPU-bound suites.
if [ -f tests/mcp/run.sh ]; then
    # the SDK and the SARIF schema are installed once, before the two runs
    run "mcp setup" bash tests/mcp/run.sh --prepare
    run_bg "mcp (release)" bash tests/mcp/run.sh build/safepy
    run_bg "mcp (asan)" bash tests/mcp/run.sh build/asan/safepy
fi
# The single-threaded suites of the release build run beside the rest: the
# corpus, security and allocfail suites keep both cores busy, these one.
unit_rel=${UNIT_RELEASE:-build/test_unit}
run_bg "unit (release)" "$unit_rel"
run_bg "cli (release)" bash tests/cli.sh build/safepy
run_bg "lint threads (release)" bash tests/lint/threads.sh build/safepy
run "corpus (release)" bash tests/corpus.sh build/safepy
run "security (release)" bash tests/security.sh build/safepy
run "unit (asan)" build/asan/test_unit
# libsafepy: the C API (against the .so, and under the sanitizers) and the
# Python binding.
run "lib (release)" build/test_lib
run "lib (asan)" build/asan/test_lib
run "binding (release)" python3 tests/lib/test_binding.py
run "corpus (asan)" bash tests/corpus.sh build/asan/safepy
run "security (asan)" bash tests/security.sh build/asan/safepy
run "cli (asan)" bash tests/cli.sh build/asan/safepy
run "lint threads (asan)" bash tests/lint/threads.sh build/asan/safepy
# Failed allocations end cleanly (the sanitizer build honours SAFEPY_FAIL_ALLOC):
# a sample of the failure points here, all of them in `make check`.
run "allocfail sample (asan)" env ALLOCFAIL_POINTS=${ALLOCFAIL_POINTS:-5} bash tests/allocfail.sh build/asan/safepy
# The re-entrancy fuzzer: 200 small programs from a fixed seed (make fuzz-reentrancy runs 20,000).
run "reentrancy smoke (asan)" env REENT_TIMEOUT=2 REENT_ATTACKS=3-5 bash tests/reentrancy/run.sh build/asan/safepy 7 200
finish_bg
report
