#!/usr/bin/env bash
# Benchmarks: each program listed in tests/bench/harness.py under python3 and
# under safepy in the same run.
#
#   bash tests/bench.sh BINARY [FILTER]      (PYTHON=... to choose the reference,
#                                             BENCH_RUNS=N runs per program, default 3;
#                                             BENCH_QUICK=1: one run each, same programs)
#
# Prints for every program the minimum CPU and wall time under both, their
# ratios (safepy / python3) and the peak memory of both and its ratio; then
# the geometric means, the programs skipped (parts not implemented yet), the
# start-up of an empty program on its own line (beside python3 -S and
# /bin/true), the memory of a million two-attribute instances, `safepy lint`
# of a 10,000-line file and the analysis of a 50-line program timed inside
# the process (BINARY's directory must hold analyze_time for that one; `make
# bench` builds it).  Timing is informational only: exit 1 only when an
# output differs from python3's (or a run fails), 0 otherwise.
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
here=$(cd "$(dirname "$0")" && pwd) || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# the small runner that measures each process (see its comment)
if ! ${CC:-cc} -O2 -o "$tmp/bench_run" "$here/bench/bench_run.c"; then
    echo "bench: cannot compile tests/bench/bench_run.c" >&2
    exit 2
fi
echo "reference: $py ($("$py" --version 2>&1)); safepy: $bin"
"$py" "$here/bench/harness.py" "$tmp/bench_run" "$bin" "$py" "$filter"
