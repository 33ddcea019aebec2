#!/usr/bin/env bash
# Allocation-failure injection: runs corpus programs under a sanitizer build
# with SAFEPY_FAIL_ALLOC set (evaluator/mem.c; honoured by EV_DEBUG builds
# only), failing the Nth allocation request of the run (GMP's and PCRE2's go
# through the same allocator), for N spread over each program's whole count,
# and also that one and every later one ("N+").  Every run must end in one
# of: CPython's output and exit status (a program may end in its own
# traceback), a MemoryError traceback, or the clean memory-limit message;
# never a crash, a sanitizer report, or session memory left at teardown (a
# leak on an error path).
#
#   bash tests/allocfail.sh BINARY [PROGRAM...]
#
# ALLOCFAIL_POINTS (default 30, about a minute): failure points per program;
# 0 tries every N (hours).  ALLOCFAIL_SHIFT moves the points (0..99) so that repeated
# runs try other N.  ALLOCFAIL_JOBS (default 2): runs at a time.
# Last line: `allocfail: N passed, N failed`.
set -u
if [ $# -lt 1 ]; then
    echo "usage: bash tests/allocfail.sh BINARY [PROGRAM...]" >&2
    exit 64
fi
bin=$1
shift
case "$bin" in /*) ;; *) bin=$(pwd)/$bin ;; esac
if [ ! -x "$bin" ]; then
    echo "allocfail: '$bin' is not an executable" >&2
    exit 2
fi
corpus=$(cd "$(dirname "$0")/../corpus" && pwd) || exit 2
# classes, dicts, strings, generators, exceptions, re, big ints, datetime,
# collections (deques in cycles included), match, itertools, statistics,
# sorting, traceback objects, attribute assignment and the mixed model programs
programs=("$@")
if [ ${#programs[@]} -eq 0 ]; then
    programs=(class_basics class_mixins dict_nested collections_counter collections_misc
              str_format_method fstr_spec_float str_casing_unicode gen_basic
              gen_yield_from_delegate gen_finally exc_hierarchy_custom exc_implicit_context
              re_tokenizer re_sub_callable int_bigmix int_bigloop datetime_api_b
              datetime_timezones match_classes itertools_lazy statistics_regression
              model_mix_stdlib model_mix_accounts err_suggest_local err_suggest_attr
              err_recursion class_exception_uncaught collections_deque exception_traceback_objects
              class_assign_class_dict_names sort_timsort_comparisons)
fi
points=${ALLOCFAIL_POINTS:-30}
shift_pct=${ALLOCFAIL_SHIFT:-0}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# Sanitizer reports get their own exit code (an uncaught Python exception is 1).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}:exitcode=86:abort_on_error=0
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=exitcode=86
export bin corpus tmp

# one NAME SPEC: one run; prints nothing when it ended acceptably, else a
# FAIL line with what happened.
one() {
    local name=$1 spec=$2 out err rc text last expect=0
    [ -f "$corpus/$name.exit" ] && expect=$(<"$corpus/$name.exit")
    out=$tmp/$name.$spec.out
    err=$tmp/$name.$spec.err
    SAFEPY_FAIL_ALLOC=$spec "$bin" run "$corpus/$name.py" >"$out" 2>"$err" </dev/null
    rc=$?
    text=$(<"$err")
    local why=""
    if [[ $text == *"Sanitizer"* || $text == *"runtime error:"* ]]; then
        why="sanitizer report"
    elif [[ $text == *"still allocated at session teardown"* ]]; then
        why="session memory leaked"
    elif [ $rc -eq "$expect" ]; then
        if ! cmp -s "$out" "$corpus/$name.out"; then
            last=${text##*$'\n'}
            [ $rc -eq 1 ] && [[ $last == MemoryError* ]] ||
                why="exit $rc with other output than CPython's"
        fi
    elif [ $rc -eq 1 ]; then
        last=${text##*$'\n'}
        [[ $last == MemoryError* ]] || why="exception other than MemoryError: $last"
    elif [ $rc -eq 3 ]; then
        [[ $text == *"safepy: stopped: memory limit exceeded"* ]] || why="limit other than memory"
    else
        why="exit status $rc"
    fi
    if [ -n "$why" ]; then
        echo "FAIL $name SAFEPY_FAIL_ALLOC=$spec: $why"
        grep -m 12 -E 'ERROR|SUMMARY|runtime error|#[0-9] |debug:|Error' "$err" | sed 's/^/    /'
    fi
    rm -f "$out" "$err"
}
export -f one

# The failure points of a program with `total` requests: all of them, or
# `points` spread evenly (the first ten always: setup paths).
specs_for() {
    local name=$1 total=$2 n step start
    if [ "$points" -eq 0 ] || [ "$total" -le $((points + 10)) ]; then
        for ((n = 1; n <= total; n++)); do echo "$name $n"; done
    else
        for ((n = 1; n <= 10; n++)); do echo "$name $n"; done
        step=$(((total - 10 + points - 1) / points))
        start=$((11 + step * shift_pct / 100))
        for ((n = start; n <= total; n += step)); do echo "$name $n"; done
    fi
}

list=$tmp/list
: >"$list"
runs=0
for name in "${programs[@]}"; do
    if [ ! -f "$corpus/$name.py" ]; then
        echo "allocfail: no corpus program $name" >&2
        exit 2
    fi
    SAFEPY_FAIL_ALLOC=count "$bin" run "$corpus/$name.py" >/dev/null 2>"$tmp/count" </dev/null
    total=$(sed -n 's/^safepy: debug: \([0-9]*\) allocations$/\1/p' "$tmp/count")
    if [ -z "$total" ]; then
        echo "allocfail: $bin does not count allocations (not an EV_DEBUG build?)" >&2
        exit 2
    fi
    if grep -q "still allocated at session teardown" "$tmp/count"; then
        echo "allocfail: $name leaves memory at teardown even without failures" >&2
        exit 2
    fi
    # single failures at every point, then failing for good from every other point
    specs_for "$name" "$total" >>"$list"
    specs_for "$name" "$total" | awk 'NR % 2 == 1 { print $1, $2 "+" }' >>"$list"
done
runs=$(wc -l <"$list")
start=$SECONDS
xargs -P "${ALLOCFAIL_JOBS:-2}" -L 1 bash -c 'one "$@"' _ <"$list" >"$tmp/report"
failed=$(grep -c '^FAIL' "$tmp/report")
cat "$tmp/report"
echo "allocfail: ${#programs[@]} programs, $runs runs in $((SECONDS - start)) s"
echo "allocfail: $((runs - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
