#!/usr/bin/env bash
# `make test-aarch64`: the arm64 build (build/aarch64/) under qemu-user.
#
#   bash tests/aarch64.sh build/aarch64
#
# Runs the unit tests (the generators' context switch is arm64 assembly of
# its own), the corpus, the security suite and the MCP suite, each through a
# wrapper that starts the binary under qemu-aarch64.  qemu-user refuses to
# install seccomp filters for its guest (PR_SET_SECCOMP is EINVAL there: a
# filter would apply to qemu's own system calls), so under qemu the OS
# lockdown is entered without its filter (SAFEPY_QEMU_NO_SECCOMP, honoured
# only where PR_GET_SECCOMP is EINVAL: no seccomp at all); instead
# tests/aarch64_syscalls.py reads qemu's -strace of corpus programs and checks
# every system call made after the lockdown against the policy's arm64 list
# and its pinned arguments.  qemu is 5-20 times slower than the machine, so
# the corpus and security suites' time bounds are scaled.
# Last line: `aarch64: N passed, N failed`.
set -u
cd "$(dirname "$0")/.."
dir=${1:-build/aarch64}
. tests/suite_lib.sh

if ! command -v qemu-aarch64 >/dev/null; then
    echo "aarch64: qemu-aarch64 is missing (make aarch64 installs it as root)" >&2
    echo "aarch64: 0 passed, 1 failed"
    exit 1
fi
wrap=$(cd "$dir" && pwd)/safepy-qemu
cat >"$wrap" <<EOF
#!/bin/sh
SAFEPY_QEMU_NO_SECCOMP=1 exec qemu-aarch64 "$(cd "$dir" && pwd)/safepy" "\$@"
EOF
chmod +x "$wrap"

export CK_DEFAULT_TIMEOUT=${CK_DEFAULT_TIMEOUT:-600}
run "unit (aarch64)" env SAFEPY_QEMU_NO_SECCOMP=1 qemu-aarch64 "$dir/test_unit"
# A program whose output differs from the x86-64 CPython's .out is judged
# again against Debian's arm64 CPython (tests/aarch64_oracle.py): glibc's
# libm rounds a few functions differently there, for CPython too.
corpus_arm64() {
    local log p f oracle=0 failed
    log=$(mktemp)
    CORPUS_TIME_SCALE=6 python3 tests/corpus.py "$wrap" | tee "$log"
    read -r p f < <(sed -nE 's/^corpus: ([0-9]+) passed, ([0-9]+) failed.*/\1 \2/p' "$log")
    mapfile -t failed < <(sed -n 's/^FAIL \([^:]*\):.*/\1/p' "$log")
    rm -f "$log"
    if [ "${#failed[@]}" -gt 0 ]; then
        log=$(mktemp)
        python3 tests/aarch64_oracle.py "$dir" "${failed[@]}" | tee "$log"
        oracle=$(sed -nE 's/^aarch64 oracle: ([0-9]+) passed.*/\1/p' "$log")
        rm -f "$log"
    fi
    echo "corpus (aarch64): $((${p:-0} + ${oracle:-0})) passed, $((${f:-1} - ${oracle:-0})) failed"
}
run "corpus (aarch64)" corpus_arm64
# Left out under qemu: the lockdown seen from outside (/proc shows qemu's
# process, which neither loads the guest's filter nor applies its address
# space limit), and four cases whose own --timeout is part of the test and
# that need more than it under emulation (the collector and the big-input
# stress cases: 20 to 60 s of native time budgets).
SECURITY_SKIP="lockdown_run_process gc_native_iterator_cycles_under_cap gc_subclass_match_cycles_under_cap"
SECURITY_SKIP="$SECURITY_SKIP csv_huge_field hashlib_big_input"
run "security (aarch64)" env SECURITY_TIME_SCALE=6 SECURITY_SKIP="$SECURITY_SKIP" bash tests/security.sh "$wrap"
run "seccomp policy (aarch64)" python3 tests/aarch64_syscalls.py "$dir/safepy" 40
run "mcp (aarch64)" env SAFEPY_QEMU_NO_SECCOMP=1 bash tests/mcp/run.sh "$wrap"
report
