#!/usr/bin/env bash
# `make test`: every suite against the release build and the sanitizer build.
# Each suite prints its own closing line; this script adds them up and ends
# with one line `all: N passed, N failed`.  Exit 1 when anything failed.
set -u
cd "$(dirname "$0")/.."
export CK_DEFAULT_TIMEOUT=${CK_DEFAULT_TIMEOUT:-120}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
total_pass=0
total_fail=0
suites_failed=""

# run NAME COMMAND...: runs a suite, tees its output, adds its closing counts.
run() {
    local name=$1
    shift
    local log
    log=$(mktemp)
    echo "=== $name"
    "$@" 2>&1 | tee "$log"
    local rc=${PIPESTATUS[0]}
    local p f
    # Check: "100%: Checks: 12, Failures: 0, Errors: 0"
    line=$(grep -E '^[0-9]+%: Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+' "$log" | tail -1)
    if [ -n "$line" ]; then
        local checks fails errs
        checks=$(sed -E 's/.*Checks: ([0-9]+).*/\1/' <<<"$line")
        fails=$(sed -E 's/.*Failures: ([0-9]+).*/\1/' <<<"$line")
        errs=$(sed -E 's/.*Errors: ([0-9]+).*/\1/' <<<"$line")
        f=$((fails + errs))
        p=$((checks - f))
    elif grep -qE '^(# |ℹ )pass [0-9]+' "$log"; then
        # node --test summary (TAP "# pass N" or spec "ℹ pass N")
        p=$(grep -E '^(# |ℹ )pass [0-9]+' "$log" | tail -1 | awk '{print $3}')
        f=$(grep -E '^(# |ℹ )fail [0-9]+' "$log" | tail -1 | awk '{print $3}')
    else
        line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
        p=$(sed -nE 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed.*$/\2/p' <<<"$line")
        f=$(sed -nE 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed.*$/\3/p' <<<"$line")
    fi
    p=${p:-0}
    f=${f:-0}
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1 # the suite failed without a count (crash, missing tool)
    fi
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
    [ "$f" -ne 0 ] && suites_failed="$suites_failed $name"
    rm -f "$log"
}

for flavour in build build/asan; do
    tag=${flavour#build}
    tag=${tag#/}
    tag=${tag:-release}
    run "unit ($tag)" "$flavour/test_unit"
    run "corpus ($tag)" bash tests/corpus.sh "$flavour/safepy"
    run "security ($tag)" bash tests/security.sh "$flavour/safepy"
    run "cli ($tag)" bash tests/cli.sh "$flavour/safepy"
    run "lint threads ($tag)" bash tests/lint/threads.sh "$flavour/safepy"
    if [ -f tests/mcp/run.sh ]; then
        run "mcp ($tag)" bash tests/mcp/run.sh "$flavour/safepy"
    fi
done
# Failed allocations end cleanly (the sanitizer build honours SAFEPY_FAIL_ALLOC).
run "allocfail (asan)" bash tests/allocfail.sh build/asan/safepy
# The re-entrancy fuzzer: 200 small programs from a fixed seed (make fuzz-reentrancy runs 20,000).
run "reentrancy smoke (asan)" env REENT_TIMEOUT=2 REENT_ATTACKS=3-5 bash tests/reentrancy/run.sh build/asan/safepy 7 200
# The libFuzzer targets (clang; make fuzz-build): a short reproducible run.
run "fuzz smoke" bash tests/fuzz/run.sh --smoke build/fuzz

[ -n "$suites_failed" ] && echo "failed suites:$suites_failed"
echo "all: $total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
