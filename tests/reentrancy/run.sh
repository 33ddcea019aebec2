#!/usr/bin/env bash
# The re-entrancy fuzzer (issue 23, item 4): generates COUNT programs from
# SEED (tests/reentrancy/gen.py) and runs each under BINARY, in parallel.
#
#   bash tests/reentrancy/run.sh [--diff] [--jobs N] [--keep DIR] BINARY SEED COUNT
#
# A program fails on any sanitizer report (AddressSanitizer, LeakSanitizer,
# UndefinedBehaviorSanitizer), a death by a signal, an exit code other than
# 0, 1 (uncaught exception) or 3 (stopped by a limit), or a hang (still
# running REENT_HANG seconds, default 60, after its own --timeout of
# REENT_TIMEOUT, default 5).  Failing programs are kept with their stderr
# and status in DIR (default build/reentrancy-fail/SEED), with a summary of
# the families (tests/reentrancy/report.py).  --diff also runs python3 on
# each program and lists those whose stdout differs (not a failure).
# Last line: `reentrancy: N passed, N failed`; exit 1 on failure.
set -u
diff=0
jobs=$(nproc 2>/dev/null || echo 2)
keep=
while [ $# -gt 0 ]; do
    case $1 in
    --diff) diff=1; shift ;;
    --jobs) jobs=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --) shift; break ;;
    -*) echo "reentrancy: unknown option $1" >&2; exit 64 ;;
    *) break ;;
    esac
done
if [ $# -ne 3 ]; then
    echo "usage: bash tests/reentrancy/run.sh [--diff] [--jobs N] [--keep DIR] BINARY SEED COUNT" >&2
    exit 64
fi
bin=$1 seed=$2 count=$3
here=$(cd "$(dirname "$0")" && pwd)
case "$bin" in /*) ;; *) bin=$(pwd)/$bin ;; esac
if [ ! -x "$bin" ]; then
    echo "reentrancy: '$bin' is not an executable" >&2
    exit 2
fi
keep=${keep:-$(cd "$here/../.." && pwd)/build/reentrancy-fail/$seed}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
export REENT_BIN=$bin REENT_DIFF=$diff REENT_OUT=$tmp
export REENT_TIMEOUT=${REENT_TIMEOUT:-5} REENT_HANG=${REENT_HANG:-60}
# ASan's own exit code (1) would pass for an uncaught exception: the
# reports are found in stderr, and a distinct exit code is asked for too.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:exitcode=86}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:exitcode=87}

python3 "$here/gen.py" "$seed" "$count" "$tmp/p" || exit 2
# The programs import the opt-in modules whose call-back sites they attack.
mods=$(python3 "$here/gen.py" --print-modules) || exit 2
export REENT_ALLOW=${mods:+"--allow-module $mods"}

# one PROGRAM: writes PROGRAM.status (`pass`, or `fail REASON`)
one() {
    local f=$1 base=${1%.py} rc reason=
    timeout -k 5 $((REENT_TIMEOUT + REENT_HANG)) "$REENT_BIN" run --timeout "$REENT_TIMEOUT" $REENT_ALLOW "$f" \
        >"$base.out" 2>"$base.err" </dev/null
    rc=$?
    if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|UndefinedBehaviorSanitizer' "$base.err"; then
        reason="sanitizer $(grep -m1 -oE '(AddressSanitizer|LeakSanitizer): [A-Za-z-]+|runtime error: .{0,60}' "$base.err")"
    elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        reason="hang (killed after $((REENT_TIMEOUT + REENT_HANG)) s)"
    elif [ "$rc" -gt 128 ]; then
        reason="signal $((rc - 128))"
    elif [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ] && [ "$rc" -ne 3 ]; then
        reason="exit $rc"
    fi
    if [ -n "$reason" ]; then
        echo "fail $reason" >"$base.status"
    else
        echo "pass" >"$base.status"
        rm -f "$base.err"
    fi
    if [ "$REENT_DIFF" = 1 ]; then
        timeout 60 python3 "$f" >"$base.pyout" 2>/dev/null </dev/null
        cmp -s "$base.out" "$base.pyout" && echo same >"$base.diff" || echo differ >"$base.diff"
    fi
    rm -f "$base.out" "$base.pyout"
}
export -f one
start=$(date +%s)
find "$tmp/p" -name '*.py' -print0 | sort -z | xargs -0 -n 1 -P "$jobs" bash -c 'one "$0"'
secs=$(( $(date +%s) - start ))

pass=0 fail=0
mkdir -p "$keep"
for s in "$tmp"/p/*.status; do
    [ -e "$s" ] || continue
    if [ "$(cat "$s")" = pass ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        b=${s%.status}
        cp "$b.py" "$b.status" "$keep/"
        [ -f "$b.err" ] && cp "$b.err" "$keep/"
        echo "FAIL $(basename "$b").py: $(cat "$s")"
    fi
done
if [ "$diff" = 1 ]; then
    nd=0
    for d in "$tmp"/p/*.diff; do
        [ -e "$d" ] || continue
        if [ "$(cat "$d")" = differ ]; then
            nd=$((nd + 1))
            echo "differs from python3: $(basename "${d%.diff}").py"
            cp "${d%.diff}.py" "$keep/" 2>/dev/null
        fi
    done
    echo "reentrancy: $nd of $((pass + fail)) programs print other than python3 (kept in $keep)"
fi
if [ "$fail" -gt 0 ]; then
    echo "families (report.py families $keep):"
    python3 "$here/report.py" families "$keep"
    echo "failing programs kept in $keep"
else
    rmdir "$keep" 2>/dev/null
fi
echo "reentrancy: $((pass + fail)) programs in ${secs}s ($jobs jobs)"
echo "reentrancy: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
