#!/usr/bin/env bash
# Runs the libFuzzer targets built in FUZZDIR (build/fuzz).
#
#   tests/fuzz/run.sh FUZZDIR SECONDS   # `make fuzz`: SECONDS shared by the targets
#   tests/fuzz/run.sh --smoke FUZZDIR   # `make test`: a short, reproducible run
#
# Seeds: tests/fuzz/seeds/TARGET/ and, for analyze and eval, the corpus
# programs.  tests/fuzz/regress/TARGET/ holds inputs that once crashed; every
# run replays them first.  A long run keeps what it learned in
# FUZZDIR/corpus/TARGET and saves crashes, leaks and timeouts in
# FUZZDIR/findings/TARGET/ (turn each into a regression input once fixed).
# The smoke run replays seeds and regressions and then makes a fixed number
# of mutations from a fixed seed; it prints "N passed, N failed".
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

smoke=0
if [ "${1:-}" = "--smoke" ]; then
  smoke=1
  shift
fi
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 [--smoke] FUZZDIR [SECONDS]" >&2
  exit 64
fi
fdir=$(cd "$1" && pwd)
seconds=${2:-300}
targets=(analyze eval mcp_message mcp_wire snapshot)

# Seed directories of one target (libFuzzer reads every file in them).
seed_dirs() {
  local t=$1 d
  d="$fdir/seeds/$t"
  rm -rf "$d" && mkdir -p "$d"
  [ -d "$here/seeds/$t" ] && cp "$here/seeds/$t"/* "$d"/ 2>/dev/null
  if [ "$t" = analyze ] || [ "$t" = eval ]; then
    cp "$root"/corpus/*.py "$d"/
  fi
  echo "$d"
  [ -d "$here/regress/$t" ] && echo "$here/regress/$t"
}

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# The evaluator's limits (1 s, 64 MiB) end a run long before these.
common=(-timeout=20 -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1)
pass=0
fail=0
for t in "${targets[@]}"; do
  bin="$fdir/fuzz_$t"
  if [ ! -x "$bin" ]; then
    echo "fuzz: $bin is missing (make fuzz-build)"
    fail=$((fail + 1))
    continue
  fi
  mapfile -t seeds < <(seed_dirs "$t")
  log="$fdir/$t.log"
  # The MCP side never needs big buffers for inputs this size: one large
  # allocation there is a finding (memory taken on a peer's word).
  extra=()
  case $t in mcp_*) extra=(-malloc_limit_mb=64) ;; esac
  if [ "$smoke" = 1 ]; then
    # Replays every seed and regression input, then 3000 mutations of them
    # from seed 1: the same inputs every time, so a failure reproduces.
    work=$(mktemp -d)
    "$bin" "${common[@]}" "${extra[@]}" -seed=1 -runs=3000 -artifact_prefix="$work/" "$work" "${seeds[@]}" >"$log" 2>&1
    rc=$?
    rm -rf "$work"
  else
    mkdir -p "$fdir/corpus/$t" "$fdir/findings/$t"
    per=$((seconds / ${#targets[@]}))
    [ "$per" -lt 1 ] && per=1
    "$bin" "${common[@]}" "${extra[@]}" -max_total_time="$per" -artifact_prefix="$fdir/findings/$t/" \
      "$fdir/corpus/$t" "${seeds[@]}" >"$log" 2>&1
    rc=$?
  fi
  stats=$(grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$log" | awk '{printf "%s ", $2}')
  if [ "$rc" -eq 0 ]; then
    echo "fuzz $t: ok (executions, peak MB: ${stats:-?})"
    pass=$((pass + 1))
  else
    echo "fuzz $t: FAILED (status $rc); the end of $log:"
    grep -E 'ERROR|SUMMARY|invariant|artifact|Test unit written' "$log" | head -20
    fail=$((fail + 1))
  fi
done
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
