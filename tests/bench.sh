#!/usr/bin/env bash
# Benchmarks: each tests/bench/NAME.py under python3 and under safepy.
#
#   bash tests/bench.sh BINARY [FILTER]      (PYTHON=... to choose the reference)
#
# Best wall time of 3 runs each; prints
#   NAME  python3 Xs  safepy Ys  ratio R
# and the geometric mean of the ratios (safepy time / python3 time). Timing is
# informational only. Exit 1 only when an output differs from python3's (or
# safepy fails), 0 otherwise.
set -u
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: bash tests/bench.sh BINARY [FILTER]" >&2
    exit 64
fi
bin=$1
filter=${2-}
case "$bin" in
/*) ;;
*/*) bin=$(pwd)/$bin ;;
*) if [ -e "$bin" ]; then bin=$(pwd)/$bin; else bin=$(command -v -- "$bin" || printf '%s' "$bin"); fi ;;
esac
if [ ! -x "$bin" ]; then
    echo "bench: '$bin' is not an executable" >&2
    exit 2
fi
py=${PYTHON:-python3}
# resolve shims (pyenv...) so that their start-up time is not measured
real_py=$("$py" -c 'import sys; print(sys.executable)' 2>/dev/null) || {
    echo "bench: cannot run $py (needed as the reference)" >&2
    exit 2
}
[ -n "$real_py" ] && [ -x "$real_py" ] && py=$real_py
benchdir=$(cd "$(dirname "$0")/bench" && pwd) || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
runs=3

now() { date +%s.%N; }
# best_of OUTFILE CMD...: best wall time of $runs runs; sets best and last_rc
best_of() {
    local outf=$1 i t0 t1 t
    shift
    best=""
    last_rc=0
    for ((i = 0; i < runs; i++)); do
        t0=$(now)
        timeout 120 "$@" >"$outf" 2>"$tmp/stderr" </dev/null
        last_rc=$?
        t1=$(now)
        t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
        if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
        [ "$last_rc" -ne 0 ] && break
    done
}

echo "reference: $py ($("$py" --version 2>&1))"
mismatch=0
ratios=""
cd "$benchdir" || exit 2
for prog in *.py; do
    [ -e "$prog" ] || continue
    name=${prog%.py}
    case "$name" in *"$filter"*) ;; *) continue ;; esac
    best_of "$tmp/py.out" "$py" "$prog"
    py_t=$best
    if [ "$last_rc" -ne 0 ]; then
        echo "$name: python3 failed (exit $last_rc): $(tail -n 1 "$tmp/stderr")"
        mismatch=1
        continue
    fi
    best_of "$tmp/sp.out" "$bin" run --timeout 60 "$prog"
    sp_t=$best
    if [ "$last_rc" -ne 0 ]; then
        printf '%-12s python3 %ss  safepy FAILED (exit %d): %s\n' "$name" "$py_t" "$last_rc" \
            "$(tail -n 1 "$tmp/stderr" | head -c 200)"
        mismatch=1
        continue
    fi
    ratio=$(awk -v a="$sp_t" -v b="$py_t" 'BEGIN { if (b <= 0) b = 0.001; printf "%.2f", a / b }')
    printf '%-12s python3 %ss  safepy %ss  ratio %s\n' "$name" "$py_t" "$sp_t" "$ratio"
    if ! cmp -s "$tmp/py.out" "$tmp/sp.out"; then
        echo "  MISMATCH: $name output differs from python3's:"
        diff "$tmp/py.out" "$tmp/sp.out" | head -n 6 | sed 's/^/    /'
        mismatch=1
    else
        ratios="$ratios $ratio"
    fi
done
if [ -n "$ratios" ]; then
    echo "$ratios" | awk '{ s = 0; for (i = 1; i <= NF; i++) s += log($i > 0 ? $i : 0.01);
        printf "geometric mean ratio (safepy/python3) over %d programs: %.2f\n", NF, exp(s / NF) }'
fi
if [ "$mismatch" -ne 0 ]; then
    echo "bench: OUTPUT MISMATCH or failure (see above)"
    exit 1
fi
exit 0
